import { useMakes, useModels } from '../../api/catalog';

interface MakeModelSelectsProps {
  idPrefix: string;
  make: string;
  model: string;
  onMake: (make: string) => void;
  onModel: (model: string) => void;
}

/** Keeps a value that the list lacks (e.g. from a shared link) selectable. */
function withValue(list: string[] | undefined, value: string): string[] {
  const items = list ?? [];
  return value && !items.some((x) => x.toLowerCase() === value.toLowerCase()) ? [value, ...items] : items;
}

/** The dependent make → model dropdowns: the model waits for a make ('Choose Make First'). */
export function MakeModelSelects({ idPrefix, make, model, onMake, onModel }: MakeModelSelectsProps) {
  const makes = useMakes();
  const models = useModels(make);
  const makeOptions = withValue(makes.data, make);
  const modelOptions = withValue(models.data, model);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-make`}>Make</label>
        <select id={`${idPrefix}-make`} className="select" value={make} onChange={(e) => onMake(e.target.value)}>
          <option value="">Any Make</option>
          {makeOptions.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-model`}>Model</label>
        <select id={`${idPrefix}-model`} className="select" value={model} disabled={!make} onChange={(e) => onModel(e.target.value)}>
          <option value="">{make ? 'Any Model' : 'Choose Make First'}</option>
          {make
            ? modelOptions.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))
            : null}
        </select>
      </div>
    </>
  );
}
