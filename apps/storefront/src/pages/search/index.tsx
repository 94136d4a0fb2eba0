import { memo, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  MAX_PRICE_QUICK_OPTIONS,
  SEARCH_FILTERS,
  formatCount,
  formatPrice,
  type QueryWordReading,
  type SearchFacets,
  type SortOption,
  EMPTY_FILTERS,
  activeFilterCount,
  filterChips,
  filtersFromParams,
  paramsFromFilters,
  sortsFor,
  SOLD_PARAM,
  withFilter,
  type SearchFilters,
} from '@app/shared';
import { useVehicleSearch } from '../../api/queries';
import type { PublicVehicle } from '@app/shared';
import { CloseIcon, FilterIcon, SearchIcon } from '../../components/icons';
import { LazySheet as Sheet } from '../../components/LazySheet';
import { VehicleCard } from '../../components/VehicleCard';
import { VehicleCardSkeleton } from '../../components/VehicleCardSkeleton';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { useMediaQuery } from '../../hooks/use-media-query';
import { SaveSearch } from './SaveSearch';
import { MakeModelSelects } from './MakeModelSelects';
import './search.css';
import { deferred } from '../../lib/deferred';
import { useDeferredAnswer } from '../../lib/deferred-answer';

// Below the results, or in their place (all the cars sold lately, or what to try when nothing matched), from one chunk.
const loadExtras = () => import(/* webpackChunkName: "search-extras" */ './SearchExtras');
const RecentlySold = deferred(() => loadExtras().then((m) => ({ default: m.RecentlySold })));
const DashboardSummary = deferred(() => loadExtras().then((m) => ({ default: m.DashboardSummary })));
const FeaturedVehicles = deferred(() => loadExtras().then((m) => ({ default: m.FeaturedVehicles })));
const NoResults = deferred(() => loadExtras().then((m) => ({ default: m.NoResults })));

// The filters: beside the results on a wide screen, in a drawer opened on a tap on a narrower one; the server
// draws neither (it does not know the width), so the page first loads without them.
const FilterPanel = deferred(() => import(/* webpackChunkName: "filter-panel" */ './FilterPanel').then((m) => ({ default: m.FilterPanel })));

/** Quick brand buttons: label → the make (and model) they search for. */
export const QUICK_BRANDS: ReadonlyArray<{ label: string; make: string; model?: string }> = [
  { label: 'Mercedes-Benz', make: 'Mercedes-Benz' },
  { label: 'BMW', make: 'BMW' },
  { label: 'Porsche', make: 'Porsche' },
  { label: 'Lexus', make: 'Lexus' },
  { label: 'Range Rover', make: 'Land Rover' },
  { label: 'Corvette', make: 'Chevrolet', model: 'Corvette' },
];

type BarDraft = Pick<SearchFilters, 'query' | 'make' | 'model' | 'maxPrice' | 'bodyType' | 'zipCode'>;

const draftOf = (f: SearchFilters): BarDraft => ({
  query: f.query,
  make: f.make,
  model: f.model,
  maxPrice: f.maxPrice,
  bodyType: f.bodyType,
  zipCode: f.zipCode,
});

/**
 * The top bar (SPEC.md): keyword, make and model (with how many listings each make has), max price, body
 * type, ZIP code. On phones only the keyword shows, beside the Filters button: the drawer has the rest, so
 * the first screen shows results.
 */
function SearchBar({ filters, onSearch, facets }: { filters: SearchFilters; onSearch: (next: SearchFilters) => void; facets?: SearchFacets }) {
  const [draft, setDraft] = useState<BarDraft>(() => draftOf(filters));
  useEffect(() => setDraft(draftOf(filters)), [filters]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ ...filters, ...draft });
  };
  return (
    <form className="search-bar" onSubmit={submit} role="search" aria-label="Vehicles">
      <div className="field search-keyword">
        <label htmlFor="bar-query">Keyword</label>
        <input
          id="bar-query"
          className="input"
          type="search"
          placeholder="e.g. Porsche 911"
          value={draft.query}
          onChange={(e) => setDraft({ ...draft, query: e.target.value })}
        />
      </div>
      <MakeModelSelects
        idPrefix="bar"
        make={draft.make}
        model={draft.model}
        onMake={(make) => setDraft({ ...draft, make, model: make === draft.make ? draft.model : '' })}
        onModel={(model) => setDraft({ ...draft, model })}
        makeCounts={facets?.make}
        modelCounts={facets ? { make: filters.make, models: facets.model } : undefined}
      />
      <div className="field">
        <label htmlFor="bar-maxPrice">Max Price</label>
        <select id="bar-maxPrice" className="select" value={draft.maxPrice} onChange={(e) => setDraft({ ...draft, maxPrice: e.target.value })}>
          <option value="">Any Price</option>
          {MAX_PRICE_QUICK_OPTIONS.map((p) => (
            <option key={p} value={String(p)}>
              Under {formatPrice(p)}
            </option>
          ))}
          {draft.maxPrice && !MAX_PRICE_QUICK_OPTIONS.some((p) => String(p) === draft.maxPrice) ? (
            <option value={draft.maxPrice}>Under {formatPrice(Number(draft.maxPrice))}</option>
          ) : null}
        </select>
      </div>
      <div className="field">
        <label htmlFor="bar-bodyType">Body Type</label>
        <select id="bar-bodyType" className="select" value={draft.bodyType} onChange={(e) => setDraft({ ...draft, bodyType: e.target.value })}>
          <option value="">Any Body Type</option>
          {SEARCH_FILTERS.bodyType.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field search-zip">
        <label htmlFor="bar-zip">ZIP Code</label>
        <input
          id="bar-zip"
          className="input"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={5}
          placeholder="e.g. 90210"
          value={draft.zipCode}
          pattern="[0-9]{5}"
          onChange={(e) => setDraft({ ...draft, zipCode: e.target.value.replace(/[^\d]/g, '').slice(0, 5) })}
        />
      </div>
      <button type="submit" className="btn btn-primary search-submit">
        <SearchIcon size={18} /> Search
      </button>
    </form>
  );
}

/** The applied filters as removable chips, with "Clear all": no filter is hidden in a collapsed panel. */
function AppliedFilters({ filters, onChange, onClear }: { filters: SearchFilters; onChange: (next: SearchFilters) => void; onClear: () => void }) {
  const chips = filterChips(filters);
  if (chips.length === 0) return null;
  return (
    <div className="applied-filters" role="group" aria-label="Applied filters">
      {chips.map((chip) => (
        <button key={chip.key} type="button" className="chip chip-removable" aria-label={`Remove filter: ${chip.label}`} onClick={() => onChange(chip.without)}>
          {chip.label} <CloseIcon size={14} />
        </button>
      ))}
      <button type="button" className="btn btn-ghost clear-all" onClick={onClear}>
        Clear all
      </button>
    </div>
  );
}

/** The query with each word the search read otherwise replaced by its reading ("porshe 911" → "Porsche 911"). */
export function readQuery(query: string, understood: readonly QueryWordReading[]): string {
  const byWord = new Map(understood.map((u) => [u.typed, u.read]));
  return query
    .trim()
    .split(/\s+/)
    .map((word) => byWord.get(word.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase()) ?? word)
    .join(' ');
}


/** The result cards: redrawn only when the listings shown change (the page around them redraws more often). */
const ResultsGrid = memo(function ResultsGrid({ vehicles, eagerCount }: { vehicles: readonly PublicVehicle[]; eagerCount: number }) {
  return (
    <ul className="vehicle-grid">
      {vehicles.map((v, i) => (
        <li key={v.id}>
          <VehicleCard vehicle={v} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
});

function describe(filters: SearchFilters): string {
  const what = [filters.make, filters.model].filter(Boolean).join(' ');
  return what ? `${what} for sale` : 'Search Vehicles';
}

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  useDocumentMeta(describe(filters), 'Search used and luxury vehicles by make, model, price, mileage, body type and more.');
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The side panel exists on wide screens only; narrower ones use the drawer.
  const wide = useMediaQuery('(min-width: 1024px)');
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const search = useVehicleSearch(filters);

  const apply = useCallback((next: SearchFilters) => setParams(paramsFromFilters(next)), [setParams]);
  const clear = useCallback(() => apply({ ...EMPTY_FILTERS, features: [] }), [apply]);

  // "Recently sold" in place of the results (?sold=1); any search change goes back to the cars for sale.
  const soldView = params.get(SOLD_PARAM) === '1';
  const showSold = useCallback(
    (on: boolean) => {
      const next = new URLSearchParams(params);
      if (on) next.set(SOLD_PARAM, '1');
      else next.delete(SOLD_PARAM);
      setParams(next);
    },
    [params, setParams],
  );

  // A new answer to the same search is drawn in slices (useDeferredAnswer); a new search's answer shows at once.
  const data = useDeferredAnswer(filters, search.data);
  const pages = data?.pages ?? [];
  const understood = pages[0]?.understood ?? [];
  const vehicles = useMemo(() => (data?.pages ?? []).flatMap((p) => p.vehicles), [data]);
  const total = pages[0]?.total ?? 0;
  const facets = pages[0]?.facets;
  const active = activeFilterCount(filters);

  return (
    <div className="search-page">
      <div className="search-top">
        <div className="container">
          <h1 className="page-title">Search for any vehicle</h1>
          <SearchBar filters={filters} onSearch={apply} facets={facets} />
          <div className="quick-brands" aria-label="Popular brands" role="group">
            {QUICK_BRANDS.map((b) => {
              const pressed = filters.make === b.make && filters.model === (b.model ?? '');
              return (
                <button
                  key={b.label}
                  type="button"
                  className="chip"
                  aria-pressed={pressed}
                  onClick={() => apply({ ...withFilter(filters, 'make', b.make), model: b.model ?? '' })}
                >
                  {b.label}
                </button>
              );
            })}
          </div>
        </div>
      </div>
      <div className="container search-body">
        {wide ? (
          <aside className="search-sidebar" aria-label="Filters">
            <FilterPanel idPrefix="side" filters={filters} facets={facets} available={pages[0]?.available} onChange={apply} onClear={clear} withMakeModel={false} />
          </aside>
        ) : null}
        <section className="search-results" aria-labelledby="results-title" aria-busy={search.isFetching && !search.isFetchingNextPage}>
          <div className="results-head">
            <h2 id="results-title" className="results-count" aria-live="polite">
              {soldView ? 'Recently sold' : search.isPending ? 'Searching…' : `${formatCount(total)} ${total === 1 ? 'vehicle' : 'vehicles'} found`}
            </h2>
            <div className="results-tools">
              <button type="button" className="btn btn-outline" aria-pressed={soldView} onClick={() => showSold(!soldView)}>
                {soldView ? 'For sale' : 'Recently sold'}
              </button>
              <button type="button" className="btn btn-outline filters-toggle" onClick={() => setDrawerOpen(true)} aria-expanded={drawerOpen}>
                <FilterIcon size={18} /> Filters{active > 0 ? ` (${active})` : ''}
              </button>
              <label className="visually-hidden" htmlFor="sort">
                Sort by
              </label>
              <select
                id="sort"
                className="select sort-select"
                value={filters.sortBy}
                onChange={(e) => apply(withFilter(filters, 'sortBy', e.target.value as SortOption))}
              >
                {sortsFor(filters, pages[0]?.available).map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </select>
            </div>
          </div>
          {understood.length > 0 && !soldView ? (
            <p className="results-understood">
              Showing results for <strong>{readQuery(filters.query, understood)}</strong>
            </p>
          ) : null}
          <div className="results-actions">
            <AppliedFilters filters={filters} onChange={apply} onClear={clear} />
            <SaveSearch filters={filters} />
          </div>
          {soldView ? (
            <RecentlySold all />
          ) : search.isError ? (
            <div className="empty-state" role="alert">
              <h3>Failed to search vehicles</h3>
              <p>Please try again in a moment.</p>
              <button type="button" className="btn btn-dark" style={{ marginTop: 12 }} onClick={() => void search.refetch()}>
                Try again
              </button>
            </div>
          ) : search.isPending ? (
            <div className="vehicle-grid">
              {Array.from({ length: 6 }, (_, i) => (
                <VehicleCardSkeleton key={i} />
              ))}
            </div>
          ) : vehicles.length === 0 ? (
            <NoResults filters={filters} onChange={apply} onClear={clear} />
          ) : (
            <>
              <ResultsGrid vehicles={vehicles} eagerCount={wide ? 3 : 1} />
              {search.hasNextPage ? (
                <div className="load-more">
                  <button type="button" className="btn btn-dark btn-lg" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
                    {search.isFetchingNextPage ? 'Loading...' : 'Load More Vehicles'}
                  </button>
                </div>
              ) : null}
              <p className="results-shown">
                Showing {vehicles.length} of {formatCount(total)}
              </p>
            </>
          )}
          {soldView ? null : <RecentlySold all={false} onShowAll={() => showSold(true)} />}
          <DashboardSummary />
          <FeaturedVehicles />
        </section>
      </div>
      <Sheet
        open={drawerOpen}
        onClose={closeDrawer}
        title="Filters"
        side="left"
        footer={
          <button type="button" className="btn btn-primary btn-block" onClick={closeDrawer}>
            {search.isPending ? 'Show results' : `Show ${formatCount(total)} results`}
          </button>
        }
      >
        <FilterPanel idPrefix="drawer" filters={filters} facets={facets} available={pages[0]?.available} onChange={apply} onClear={clear} />
      </Sheet>
    </div>
  );
}
