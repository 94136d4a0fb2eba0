import { useMakes, useModels } from '../../api/catalog';
import type { FacetCount } from '@app/shared';

interface MakeModelSelectsProps {
  idPrefix: string;
  make: string;
  model: string;
  onMake: (make: string) => void;
  onModel: (model: string) => void;
  /** Listings per make for the current search, shown beside each make. */
  makeCounts?: FacetCount[];
}

/** Keeps a value that the list lacks (e.g. from a shared link) selectable. */
function withValue(list: string[] | undefined, value: string): string[] {
  const items = list ?? [];
  return value && !items.some((x) => x.toLowerCase() === value.toLowerCase()) ? [value, ...items] : items;
}

/** The dependent make → model dropdowns: the model waits for a make ('Choose Make First'). */
export function MakeModelSelects({ idPrefix, make, model, onMake, onModel, makeCounts }: MakeModelSelectsProps) {
  const makes = useMakes();
  const models = useModels(make);
  // The catalog's makes; if it cannot be had, the makes that have listings.
  const makeOptions = withValue(makes.data ?? (makes.isError ? makeCounts?.map((f) => f.label) : undefined), make);
  const countOf = (name: string) =>
    makeCounts ? (makeCounts.find((f) => f.value.toLowerCase() === name.toLowerCase() || f.label.toLowerCase() === name.toLowerCase())?.count ?? 0) : undefined;
  const modelOptions = withValue(models.data, model);
  return (
    <>
      <div className="field">
        <label htmlFor={`${idPrefix}-make`}>Make</label>
        <select id={`${idPrefix}-make`} className="select" value={make} onChange={(e) => onMake(e.target.value)}>
          <option value="">Any Make</option>
          {makeOptions.map((m) => {
            const count = countOf(m);
            return (
              <option key={m} value={m}>
                {count === undefined ? m : `${m} (${count})`}
              </option>
            );
          })}
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
