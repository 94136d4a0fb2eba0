import { useMemo } from 'react';
import { useMakes, useModels } from '../../api/catalog';
import type { FacetCount } from '@app/shared';
import { byName } from '../../lib/name-order';

interface MakeModelSelectsProps {
  idPrefix: string;
  make: string;
  model: string;
  onMake: (make: string) => void;
  onModel: (model: string) => void;
  /** Listings per make for the current search, shown beside each make. */
  makeCounts?: FacetCount[];
  /**
   * The applied make's models that have listings under the current filters, with their counts: the model
   * list while `make` is that make (a make chosen but not yet searched lists the catalogue's models).
   */
  modelCounts?: { make: string; models: FacetCount[] };
}

/** The makes that have listings (by name), and each make's count by its value and its label in lower case. */
function makeFacets(makeCounts: FacetCount[]): { listed: string[]; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  // Reversed, so that the first facet of a name wins, as a search from the start would find it.
  for (const f of [...makeCounts].reverse()) {
    counts.set(f.label.toLowerCase(), f.count);
    counts.set(f.value.toLowerCase(), f.count);
  }
  return { listed: makeCounts.filter((f) => f.count > 0).map((f) => f.label).sort(byName), counts };
}

/** Keeps a value that the list lacks (e.g. from a shared link) selectable. */
function withValue(list: string[] | undefined, value: string): string[] {
  const items = list ?? [];
  return value && !items.some((x) => x.toLowerCase() === value.toLowerCase()) ? [value, ...items] : items;
}

/** The dependent make → model dropdowns: the model waits for a make ('Choose Make First'). */
export function MakeModelSelects({ idPrefix, make, model, onMake, onModel, makeCounts, modelCounts }: MakeModelSelectsProps) {
  const makes = useMakes();
  const counted = modelCounts && make && modelCounts.make.toLowerCase() === make.toLowerCase() ? modelCounts.models : undefined;
  const models = useModels(counted ? '' : make);
  const facets = useMemo(() => (makeCounts ? makeFacets(makeCounts) : undefined), [makeCounts]);
  const countOf = (name: string) => (facets ? (facets.counts.get(name.toLowerCase()) ?? 0) : undefined);
  // With the search's counts, the makes that have cars under the other filters (and the chosen one); before
  // them, the catalog's makes. A make listed at "(0)" would only lead to no results.
  const listed = facets ? facets.listed : makes.data;
  const makeOptions = withValue(listed, make);
  const modelOptions = withValue(counted?.map((f) => f.label) ?? models.data, model);
  const modelLabel = (name: string) => {
    if (!counted) return name;
    const facet = counted.find((f) => f.label.toLowerCase() === name.toLowerCase() || f.value === name.toLowerCase());
    return `${name} (${facet?.count ?? 0})`;
  };
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
                  {modelLabel(m)}
                </option>
              ))
            : null}
        </select>
      </div>
    </>
  );
}
