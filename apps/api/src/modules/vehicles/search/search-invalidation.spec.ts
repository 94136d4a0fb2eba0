import type { PublicVehicle, VehicleSearchResult } from '@app/shared';
import type { DataChange } from '../../../infra/cache/versioned-cache.service';
import type { NormalizedSearchFilters } from './search-filters';
import {
  availableChanged,
  countChanged,
  couldMatch,
  idSetsMayMove,
  deletedBy,
  listDependsOn,
  pageChanged,
  publicCountDependsOn,
  rankedDependsOn,
  rowDependsOn,
  searchDependsOn,
  textDependsOn,
  type ListingChangeFacts,
  type ListingFacts,
  type ListingsChangeFacts,
} from './search-invalidation';

const toyota: ListingFacts = {
  isPublic: true,
  status: 'approved',
  makeKey: 'toyota',
  modelKey: 'camry',
  make: 'Toyota',
  model: 'Camry',
  bodyType: 'sedan',
  fuelType: 'gasoline',
  condition: 'good',
  transmission: 'automatic',
  drivetrain: 'fwd',
  color: 'black',
  interiorColorFamily: 'beige',
  price: 15_000,
  year: 2018,
  mileage: 60_000,
  dealRank: 1_000_000_000,
  reducedAt: null,
  createdAt: Date.UTC(2026, 0, 1),
};

const filters = (f: Partial<NormalizedSearchFilters> = {}): NormalizedSearchFilters => ({ terms: [], features: [], ...f });
const change = (before: ListingFacts | null, after: ListingFacts | null, textChanged = false, id = 7): DataChange<ListingChangeFacts> => ({
  id: 1,
  dataSet: 'listings',
  facts: { id, before, after, textChanged },
});
const answer = (ids: number[]): VehicleSearchResult =>
  ({ vehicles: ids.map((id) => ({ id }) as PublicVehicle), total: ids.length, page: 1, limit: 24, facets: {}, available: { rated: 0, reduced: 0 } }) as unknown as VehicleSearchResult;

describe('couldMatch', () => {
  it('compares the column filters as SQL does (ranges inclusive, NULL matches nothing, text in any case)', () => {
    expect(couldMatch(filters({ makeKey: 'toyota', minPrice: 15_000, maxYear: 2018 }), toyota)).toBe(true);
    expect(couldMatch(filters({ makeKey: 'honda' }), toyota)).toBe(false);
    expect(couldMatch(filters({ maxPrice: 14_999 }), toyota)).toBe(false);
    expect(couldMatch(filters({ bodyType: ['suv', 'Sedan'] }), toyota)).toBe(true);
    expect(couldMatch(filters({ exteriorColor: ['black'] }), { ...toyota, color: null })).toBe(false);
  });

  it('rules a listing out of keyword searches its text cannot match, and one without text out of every keyword search', () => {
    const turbo = { ...toyota, text: 'toyota supra turbo 2020 coupe leather seats' };
    expect(couldMatch(filters({ terms: ['turbo'] }), turbo)).toBe(true);
    expect(couldMatch(filters({ terms: ['leat'] }), turbo)).toBe(true);
    expect(couldMatch(filters({ terms: ['hybrid'] }), turbo)).toBe(false);
    expect(couldMatch(filters({ terms: ['turbo', 'hybrid'] }), turbo)).toBe(false);
    // A misspelling reads its correction too ("toyta" is one edit from the catalogue's Toyota).
    expect(couldMatch(filters({ terms: ['toyta'] }), turbo)).toBe(true);
    expect(couldMatch(filters({ terms: ['turbo'] }), { ...toyota, text: null })).toBe(false);
  });

  it('takes the filters it cannot check (features, place, radius; keywords without the text) to pass, and a listing off the market to match nothing', () => {
    expect(couldMatch(filters({ terms: ['turbo'], features: [['sunroof']], location: 'austin', near: { lat: 30, lng: -97, radius: 50 } }), toyota)).toBe(true);
    expect(couldMatch(filters(), { ...toyota, isPublic: false })).toBe(false);
    expect(couldMatch(filters(), null)).toBe(false);
  });
});

describe('countChanged', () => {
  const cut = { ...toyota, price: 14_500 };

  it('a price change within a band changes no make, model, body type or fuel count, nor the total', () => {
    for (const group of ['total', 'make', 'model', 'bodyType', 'fuelType', 'price'] as const) {
      expect(countChanged(filters(), group, change(toyota, cut).facts!)).toBe(false);
    }
  });

  it('a price change across a band changes the price facet only', () => {
    const cheaper = { ...toyota, price: 9_500 };
    expect(countChanged(filters(), 'price', change(toyota, cheaper).facts!)).toBe(true);
    expect(countChanged(filters(), 'make', change(toyota, cheaper).facts!)).toBe(false);
    // Unless a price filter counts it in or out.
    expect(countChanged(filters({ minPrice: 10_000 }), 'make', change(toyota, cheaper).facts!)).toBe(true);
  });

  it('an approval (a listing joins the market) changes every count it could be in, and none it could not', () => {
    const approval = change({ ...toyota, isPublic: false, status: 'pending' }, toyota).facts!;
    expect(countChanged(filters(), 'total', approval)).toBe(true);
    expect(countChanged(filters({ makeKey: 'toyota' }), 'bodyType', approval)).toBe(true);
    expect(countChanged(filters({ makeKey: 'honda' }), 'total', approval)).toBe(false);
    expect(countChanged(filters({ makeKey: 'honda' }), 'bodyType', approval)).toBe(false);
  });

  it("a change of the listing's text changes the counts of keyword searches it could be in", () => {
    expect(countChanged(filters({ terms: ['turbo'] }), 'total', change(toyota, toyota, true).facts!)).toBe(true);
    expect(countChanged(filters(), 'total', change(toyota, toyota, true).facts!)).toBe(false);
  });
});

describe('pageChanged', () => {
  const cut = { ...toyota, price: 14_500 };

  it("a price edit leaves the ids of newest-first pages as they were, and may move the listing in a price sort", () => {
    expect(pageChanged(filters(), 'created_desc', change(toyota, cut).facts!)).toBe(false);
    expect(pageChanged(filters(), 'price_asc', change(toyota, cut).facts!)).toBe(true);
    expect(pageChanged(filters(), 'year_desc', change(toyota, cut).facts!)).toBe(false);
  });

  it('a listing that joins or leaves the results, or whose text changes under a keyword search, moves the pages', () => {
    expect(pageChanged(filters({ maxPrice: 14_900 }), 'created_desc', change(toyota, cut).facts!)).toBe(true);
    expect(pageChanged(filters(), 'created_desc', change(toyota, { ...toyota, isPublic: false }).facts!)).toBe(true);
    expect(pageChanged(filters({ terms: ['turbo'] }), 'created_desc', change(toyota, toyota, true).facts!)).toBe(true);
    expect(pageChanged(filters(), 'created_desc', change(toyota, toyota, true).facts!)).toBe(false);
    // "Best match" ranks by the text: only a text change moves it.
    expect(pageChanged(filters(), 'relevance_desc', change(toyota, cut).facts!)).toBe(false);
    expect(pageChanged(filters(), 'relevance_desc', change(toyota, toyota, true).facts!)).toBe(true);
  });

  it('a listing the search cannot match moves nothing', () => {
    expect(pageChanged(filters({ makeKey: 'honda' }), 'price_asc', change(toyota, cut).facts!)).toBe(false);
  });
});

describe('searchDependsOn', () => {
  const cut = { ...toyota, price: 14_500 };

  it("an edit of a Toyota does not alter a Honda search's answer (whose make facet counts Toyotas) while its counts stay", () => {
    const honda = searchDependsOn(filters({ makeKey: 'honda' }), 'created_desc');
    expect(honda(change(toyota, cut), answer([1, 2, 3]))).toBe(false);
    expect(honda(change(toyota, { ...toyota, bodyType: 'coupe' }), answer([1, 2, 3]))).toBe(false);
    // A Toyota that becomes a Honda is in its results now.
    expect(honda(change(toyota, { ...toyota, makeKey: 'honda', make: 'Honda' }), answer([1, 2, 3]))).toBe(true);
  });

  it("a price cut alters the searches whose page shows the listing, and those sorted by price, not other newest-first pages", () => {
    const newest = searchDependsOn(filters(), 'created_desc');
    expect(newest(change(toyota, cut), answer([1, 2, 3]))).toBe(false);
    expect(newest(change(toyota, cut), answer([1, 7, 3]))).toBe(true);
    expect(searchDependsOn(filters(), 'price_asc')(change(toyota, cut), answer([1, 2, 3]))).toBe(true);
    // The make facet of a price-filtered search counts it in or out.
    expect(searchDependsOn(filters({ maxPrice: 14_900, makeKey: 'honda' }), 'created_desc')(change(toyota, cut), answer([1]))).toBe(true);
  });

  it('a change without facts (a bulk job) alters every answer', () => {
    expect(searchDependsOn(filters({ makeKey: 'honda' }), 'created_desc')({ id: 1, dataSet: 'listings', facts: null }, answer([]))).toBe(true);
  });

  it("a listing's first price cut changes the 'available' counts (kept apart from the answers), not a Honda answer", () => {
    const reduced = { ...cut, reducedAt: Date.UTC(2026, 1, 1) };
    expect(availableChanged(change(toyota, reduced).facts!)).toBe(true);
    expect(searchDependsOn(filters({ makeKey: 'honda' }), 'created_desc')(change(toyota, reduced), answer([]))).toBe(false);
    expect(searchDependsOn(filters(), 'reduced_desc')(change(toyota, reduced), answer([]))).toBe(true);
    expect(availableChanged(change(toyota, { ...toyota, dealRank: 0.1 }).facts!)).toBe(true);
    expect(availableChanged(change(toyota, cut).facts!)).toBe(false);
  });
});

describe("a refit's estimates (MarketChangeFacts)", () => {
  const refit = (...ids: number[]): DataChange<ListingsChangeFacts> => ({ id: 1, dataSet: 'listings', facts: { kind: 'market', ids } });

  it('alter the answers that show one of the listings, and those sorted or filtered by deal, not the others', () => {
    expect(searchDependsOn(filters(), 'created_desc')(refit(7, 9), answer([1, 9]))).toBe(true);
    expect(searchDependsOn(filters({ makeKey: 'honda' }), 'price_asc')(refit(7, 9), answer([1, 2]))).toBe(false);
    expect(searchDependsOn(filters(), 'deal_asc')(refit(7), answer([1]))).toBe(true);
    expect(searchDependsOn(filters({ maxDealScore: -0.05 }), 'created_desc')(refit(7), answer([1]))).toBe(true);
    expect(listDependsOn(filters(), 'created_desc')(refit(7), [{ id: 1 }, { id: 7 }])).toBe(true);
    expect(listDependsOn(filters(), 'created_desc')(refit(7), [{ id: 1 }])).toBe(false);
  });

  it("change the counts of deal filters only, deal pages' order only, and the rows of their own listings", () => {
    expect(countChanged(filters({ makeKey: 'toyota' }), 'make', refit(7).facts!)).toBe(false);
    expect(countChanged(filters({ maxDealScore: 0 }), 'make', refit(7).facts!)).toBe(true);
    expect(pageChanged(filters(), 'price_asc', refit(7).facts!)).toBe(false);
    expect(pageChanged(filters(), 'deal_asc', refit(7).facts!)).toBe(true);
    expect(rowDependsOn((row: { id: number }) => row.id)(refit(7, 9), { id: 9 })).toBe(true);
    expect(rowDependsOn((row: { id: number }) => row.id)(refit(7, 9), { id: 8 })).toBe(false);
  });

  it("keep every listing on or off the market and its text as it was, and may rate or unrate one ('available')", () => {
    expect(deletedBy(refit(7).facts!)).toBeUndefined();
    expect(publicCountDependsOn(refit(7), undefined)).toBe(false);
    expect(textDependsOn(refit(7), undefined)).toBe(false);
    expect(rankedDependsOn(['turbo'])(refit(7), undefined)).toBe(false);
    expect(availableChanged(refit(7).facts!)).toBe(true);
  });
});

describe('deletedBy', () => {
  it('tells the listing a change deleted, and no other change', () => {
    expect(deletedBy(change(toyota, null, false, 12).facts!)).toBe(12);
    expect(deletedBy(change(null, toyota).facts!)).toBeUndefined();
    expect(deletedBy(change(toyota, { ...toyota, isPublic: false }).facts!)).toBeUndefined();
  });
});

describe('rankedDependsOn ("Best match"\'s kept ranking of a keyword\'s matches)', () => {
  const hidden = { ...toyota, isPublic: false, status: 'pending' };
  const leather = { ...toyota, text: 'toyota camry 2020 sedan leather seats' };
  const cloth = { ...toyota, text: 'toyota camry 2020 sedan cloth seats' };
  const ranking = rankedDependsOn(['leather']);

  it('drops on a listing that joins or leaves the market or changes its text while its text may hold the keywords', () => {
    expect(ranking(change(hidden, leather), undefined)).toBe(true);
    expect(ranking(change(leather, hidden), undefined)).toBe(true);
    expect(ranking(change(cloth, leather, true), undefined)).toBe(true);
    expect(ranking(change(leather, cloth, true), undefined)).toBe(true);
    expect(ranking(change(null, leather), undefined)).toBe(true);
  });

  it('keeps it when the listing cannot hold the keywords, or only its price changed, and drops it on a change logged without facts or text', () => {
    expect(ranking(change(hidden, cloth), undefined)).toBe(false);
    expect(ranking(change(cloth, hidden), undefined)).toBe(false);
    expect(ranking(change(cloth, { ...cloth, text: 'toyota camry 2020 sedan cloth seats sunroof' }, true), undefined)).toBe(false);
    expect(ranking(change(leather, { ...leather, price: 9_000 }), undefined)).toBe(false);
    expect(ranking({ id: 1, dataSet: 'listings', facts: null }, undefined)).toBe(true);
    expect(ranking(change(hidden, toyota), undefined)).toBe(true);
  });

  it('keeps a keyword search\'s whole answer when a listing that cannot match is approved', () => {
    const depends = searchDependsOn(filters({ terms: ['leather'] }), 'created_desc');
    expect(depends(change(hidden, cloth, false, 99), answer([1, 2]))).toBe(false);
    expect(depends(change(hidden, leather, false, 99), answer([1, 2]))).toBe(true);
  });
});

describe('idSetsMayMove (which listings a counts snapshot asks its id sets about again)', () => {
  const refit = (...ids: number[]): DataChange<ListingsChangeFacts> => ({ id: 1, dataSet: 'listings', facts: { kind: 'market', ids } });
  const rows = (...ids: number[]) => ids.map((id) => ({ id, changedInVersion: 10 }));

  it("none after a refit's estimates or a price edit, which move no listing into or out of a keyword's, feature's or place's listings", () => {
    expect(idSetsMayMove([refit(1, 2, 3)], rows(1, 2, 3), 10)).toEqual([]);
    expect(idSetsMayMove([change(toyota, { ...toyota, price: 9_000 }, false, 4)], rows(4), 10)).toEqual([]);
  });

  it('the listing whose text changed or that joined or left the market, also when a refit rated it too', () => {
    expect(idSetsMayMove([refit(1, 7), change(toyota, toyota, true, 7)], rows(1, 7), 10)).toEqual([7]);
    expect(idSetsMayMove([change(null, toyota, false, 8)], rows(8), 10)).toEqual([8]);
    expect(idSetsMayMove([change(toyota, { ...toyota, isPublic: false }, false, 9)], rows(9), 10)).toEqual([9]);
  });

  it('every listing read after a change the log says nothing of, and one the log does not explain or changed again since', () => {
    expect(idSetsMayMove([refit(1), { id: 2, dataSet: 'listings', facts: null }], rows(1, 2), 10)).toEqual([1, 2]);
    expect(idSetsMayMove([refit(1)], rows(1, 5), 10)).toEqual([5]);
    expect(idSetsMayMove([refit(1)], [{ id: 1, changedInVersion: 11 }], 10)).toEqual([1]);
  });
});
