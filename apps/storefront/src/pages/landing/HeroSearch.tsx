import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { EMPTY_FILTERS, paramsFromFilters, type FacetCount } from '@app/shared';
import { useModels } from '../../api/catalog';
import { SearchIcon } from '../../components/icons';

/** The makes that have cars, most first (a make with none is not offered: it would find nothing). */
export function makesWithCars(makes: readonly FacetCount[] | undefined): FacetCount[] {
  return (makes ?? []).filter((m) => m.count > 0);
}

/**
 * The landing page's first screen: make, model and ZIP code, then the search. A plain GET form to /search, so
 * it works before (and without) the scripts; with them the model list follows the make.
 */
export function HeroSearch({ makes }: { makes: readonly FacetCount[] | undefined }) {
  const id = useId();
  const navigate = useNavigate();
  const [make, setMake] = useState('');
  const [model, setModel] = useState('');
  const [zipCode, setZipCode] = useState('');
  const models = useModels(make);
  const offered = makesWithCars(makes);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const params = paramsFromFilters({ ...EMPTY_FILTERS, features: [], make, model, zipCode });
    const query = params.toString();
    void navigate(query ? `/search?${query}` : '/search');
  };

  return (
    <form className="hero-search" action="/search" method="get" role="search" aria-label="Find a car" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${id}-make`}>Make</label>
        <select
          id={`${id}-make`}
          name="make"
          className="select"
          value={make}
          onChange={(e) => {
            setMake(e.target.value);
            setModel('');
          }}
        >
          <option value="">Any make</option>
          {offered.map((m) => (
            <option key={m.value} value={m.label}>
              {m.label} ({m.count})
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <select id={`${id}-model`} name="model" className="select" value={model} disabled={!make} onChange={(e) => setModel(e.target.value)}>
          <option value="">{make ? 'Any model' : 'Choose make first'}</option>
          {make ? (models.data ?? []).map((m) => <option key={m} value={m}>{m}</option>) : null}
        </select>
      </div>
      <div className="field hero-search-zip">
        <label htmlFor={`${id}-zip`}>ZIP code</label>
        <input
          id={`${id}-zip`}
          name="zipCode"
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          pattern="[0-9]{5}"
          placeholder="e.g. 90210"
          value={zipCode}
          onChange={(e) => setZipCode(e.target.value.replace(/[^\d]/g, '').slice(0, 5))}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-lg hero-search-submit">
        <SearchIcon size={18} /> Search cars
      </button>
    </form>
  );
}
