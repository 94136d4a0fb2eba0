import { useEffect, useState } from 'react';
import { DEAL_FILTER_OPTIONS, marketServes, PREDEFINED_FEATURES, type SearchAvailability, SEARCH_FILTERS, SEARCH_LIMITS, type FilterOption, withFilter, type SearchFilters } from '@app/shared';
import type { SearchFacets } from '@app/shared';
import { MakeModelSelects } from './MakeModelSelects';

export const YEAR_CHOICES: number[] = Array.from({ length: 30 }, (_, i) => new Date().getFullYear() - i);

interface FilterPanelProps {
  idPrefix: string;
  filters: SearchFilters;
  facets: SearchFacets | undefined;
  /** What the market data can serve: the deal filter is hidden when no listing is rated. */
  available?: SearchAvailability;
  onChange: (next: SearchFilters) => void;
  onClear: () => void;
  /** Make and model here too (the phone drawer); the desktop panel leaves them to the top bar: one place each. */
  withMakeModel?: boolean;
}

/** The facet groups counted per option value (price is counted per band). */
const OPTION_FACETS = ['make', 'bodyType', 'fuelType'] as const;
type OptionFacet = (typeof OPTION_FACETS)[number];

/** A facet count for one option, when the API gave one. */
export function facetCount(facets: SearchFacets | undefined, name: string, value: string): number | undefined {
  if (!facets || !(OPTION_FACETS as readonly string[]).includes(name)) return undefined;
  return facets[name as OptionFacet].find((f) => f.value.toLowerCase() === value.toLowerCase())?.count ?? 0;
}

export const RADIUS_CHOICES = [10, 25, 50, 100, 250, 500] as const;

function optionLabel(option: FilterOption, count: number | undefined): string {
  return count === undefined ? option.label : `${option.label} (${count})`;
}

/** A numeric text field that applies its value on blur or Enter, not on every keystroke. */
function NumberField({ id, label, value, onCommit, placeholder }: { id: string; label: string; value: string; onCommit: (v: string) => void; placeholder: string }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const cleaned = draft.replace(/[^\d]/g, '');
    if (cleaned !== value) onCommit(cleaned);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        inputMode="numeric"
        pattern="[0-9]*"
        placeholder={placeholder}
        value={draft}
        onChange={(e) => setDraft(e.target.value.replace(/[^\d]/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

/** A text field that applies its value on blur or Enter. */
function TextField({ id, label, value, onCommit }: { id: string; label: string; value: string; onCommit: (v: string) => void }) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft.trim() !== value) onCommit(draft.trim());
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
    </div>
  );
}

type SelectFilter = 'deal' | 'condition' | 'bodyType' | 'fuelType' | 'transmission' | 'drivetrain' | 'exteriorColor' | 'interiorColor';

const SELECTS: Array<{ name: SelectFilter; label: string; options: readonly FilterOption[] }> = [
  { name: 'deal', label: 'Deal Rating', options: DEAL_FILTER_OPTIONS },
  { name: 'condition', label: 'Condition', options: SEARCH_FILTERS.condition },
  { name: 'bodyType', label: 'Body Type', options: SEARCH_FILTERS.bodyType },
  { name: 'fuelType', label: 'Fuel Type', options: SEARCH_FILTERS.fuelType },
  { name: 'transmission', label: 'Transmission', options: SEARCH_FILTERS.transmission },
  { name: 'drivetrain', label: 'Drivetrain', options: SEARCH_FILTERS.drivetrain },
  { name: 'exteriorColor', label: 'Exterior Color', options: SEARCH_FILTERS.color },
  { name: 'interiorColor', label: 'Interior Color', options: SEARCH_FILTERS.color },
];

/** Every search filter; each change applies at once (and starts again at page 1). */
export function FilterPanel({ idPrefix, filters, facets, available, onChange, onClear, withMakeModel = true }: FilterPanelProps) {
  const set = <K extends keyof SearchFilters>(name: K, value: SearchFilters[K]) => onChange(withFilter(filters, name, value));
  const toggleFeature = (feature: string) =>
    set('features', filters.features.includes(feature) ? filters.features.filter((f) => f !== feature) : [...filters.features, feature]);

  return (
    <div className="filter-panel">
      <div className="filter-head">
        <h2 className="filter-title">Filters</h2>
        <button type="button" className="btn btn-ghost" onClick={onClear}>
          Clear all
        </button>
      </div>
      {withMakeModel ? (
        <MakeModelSelects
          idPrefix={`${idPrefix}-panel`}
          make={filters.make}
          model={filters.model}
          onMake={(make) => set('make', make)}
          onModel={(model) => set('model', model)}
          makeCounts={facets?.make}
          modelCounts={facets ? { make: filters.make, models: facets.model } : undefined}
        />
      ) : null}
      <fieldset className="filter-group">
        <legend>Year</legend>
        <div className="filter-pair">
          {(['minYear', 'maxYear'] as const).map((name) => (
            <div className="field" key={name}>
              <label htmlFor={`${idPrefix}-${name}`}>{name === 'minYear' ? 'From' : 'To'}</label>
              <select id={`${idPrefix}-${name}`} className="select" value={filters[name]} onChange={(e) => set(name, e.target.value)}>
                <option value="">Any</option>
                {YEAR_CHOICES.map((y) => (
                  <option key={y} value={String(y)}>
                    {y}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Price ($)</legend>
        <div className="filter-pair">
          <NumberField id={`${idPrefix}-minPrice`} label="Min price" placeholder="No min" value={filters.minPrice} onCommit={(v) => set('minPrice', v)} />
          <NumberField id={`${idPrefix}-maxPrice`} label="Max price" placeholder="No max" value={filters.maxPrice} onCommit={(v) => set('maxPrice', v)} />
        </div>
      </fieldset>
      <fieldset className="filter-group">
        <legend>Mileage (mi)</legend>
        <div className="filter-pair">
          <NumberField id={`${idPrefix}-minMileage`} label="Min mileage" placeholder="No min" value={filters.minMileage} onCommit={(v) => set('minMileage', v)} />
          <NumberField id={`${idPrefix}-maxMileage`} label="Max mileage" placeholder="No max" value={filters.maxMileage} onCommit={(v) => set('maxMileage', v)} />
        </div>
      </fieldset>
      <TextField id={`${idPrefix}-location`} label="Location (city or state)" value={filters.location} onCommit={(v) => set('location', v)} />
      <div className="field">
        <label htmlFor={`${idPrefix}-radius`}>Distance from ZIP code</label>
        <select
          id={`${idPrefix}-radius`}
          className="select"
          value={filters.radius}
          disabled={!filters.zipCode}
          onChange={(e) => set('radius', e.target.value)}
        >
          <option value="">{filters.zipCode ? `${SEARCH_LIMITS.defaultRadiusMiles} miles of ${filters.zipCode}` : 'Enter a ZIP code first'}</option>
          {RADIUS_CHOICES.map((r) => (
            <option key={r} value={String(r)}>
              {r} miles{filters.zipCode ? ` of ${filters.zipCode}` : ''}
            </option>
          ))}
        </select>
      </div>
      {/* The deal filter only where some listing is rated (or it is set): never a choice that finds nothing for a reason the page hides. */}
      {SELECTS.filter(({ name }) => name !== 'deal' || filters.deal !== '' || marketServes('deal', available)).map(({ name, label, options }) => (
        <div className="field" key={name}>
          <label htmlFor={`${idPrefix}-${name}`}>{label}</label>
          <select id={`${idPrefix}-${name}`} className="select" value={filters[name]} onChange={(e) => set(name, e.target.value)}>
            <option value="">Any</option>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {optionLabel(option, facetCount(facets, name, option.value))}
              </option>
            ))}
          </select>
        </div>
      ))}
      <details className="filter-group filter-features" open={filters.features.length > 0}>
        <summary>
          Features{filters.features.length > 0 ? ` (${filters.features.length} chosen)` : ''}
        </summary>
        <fieldset className="filter-group">
          <legend className="visually-hidden">Features</legend>
        {PREDEFINED_FEATURES.map((feature) => {
          const count = facetCount(facets, 'features', feature);
          return (
            <label key={feature} className="checkbox">
              <input type="checkbox" checked={filters.features.includes(feature)} onChange={() => toggleFeature(feature)} />
              <span>
                {feature}
                {count !== undefined ? <span className="facet-count"> ({count})</span> : null}
              </span>
            </label>
          );
        })}
        </fieldset>
      </details>
    </div>
  );
}
