import { EMPTY_FILTERS, marketServes, filtersFromParams, paramsFromFilters, searchApiParams, searchPageQuery, sortsFor, withFilter, type SearchFilters, filterChips } from './search-params';
import { drawnQuery } from '../site/first-view';

describe('search filters ↔ address', () => {
  it('reads every filter from the address, dropping "any", blanks and junk numbers', () => {
    const filters = filtersFromParams(
      new URLSearchParams('make=BMW&model=X5&maxPrice=50%2C000&minYear=any&condition=&bodyType=suv&features=Sunroof%2FMoonroof&features=Heated+Seats&sortBy=price_asc&minMileage=abc'),
    );
    expect(filters).toMatchObject({
      make: 'BMW',
      model: 'X5',
      maxPrice: '50000',
      minYear: '',
      condition: '',
      bodyType: 'suv',
      minMileage: '',
      features: ['Sunroof/Moonroof', 'Heated Seats'],
      sortBy: 'price_asc',
    });
  });

  it('ignores an unknown sort and a model without a make', () => {
    const filters = filtersFromParams(new URLSearchParams('model=X5&sortBy=cheapest'));
    expect(filters.model).toBe('');
    expect(filters.sortBy).toBe('created_desc');
  });

  it('writes only the filters that are set, features once per value, and no default sort', () => {
    const filters: SearchFilters = { ...EMPTY_FILTERS, make: 'Porsche', minPrice: '20000', features: ['Bluetooth Connectivity', 'Roof Rack'] };
    expect(paramsFromFilters(filters).toString()).toBe('make=Porsche&minPrice=20000&features=Bluetooth+Connectivity&features=Roof+Rack');
    expect(paramsFromFilters({ ...filters, sortBy: 'year_desc' }).get('sortBy')).toBe('year_desc');
  });

  it('round-trips through the address', () => {
    const filters: SearchFilters = { ...EMPTY_FILTERS, query: 'm sport', make: 'BMW', model: '3 Series', maxMileage: '40000', drivetrain: 'awd', zipCode: '07001', location: 'Austin', sortBy: 'mileage_asc', features: ['Heated Seats'] };
    expect(filtersFromParams(paramsFromFilters(filters))).toEqual(filters);
  });

  it('asks the API for a page with sort, page, limit and the default radius for a ZIP code', () => {
    const params = searchApiParams({ ...EMPTY_FILTERS, zipCode: '78701' }, 2);
    expect(Object.fromEntries(params)).toEqual({ zipCode: '78701', radius: '25', sortBy: 'created_desc', page: '2', limit: '24' });
  });

  it('offers "Nearest First" only with a ZIP code, and drops it with the ZIP code', () => {
    const near = filtersFromParams(new URLSearchParams('zipCode=78701&sortBy=distance_asc'));
    expect(near.sortBy).toBe('distance_asc');
    expect(sortsFor(near).map((s) => s.value)).toContain('distance_asc');
    expect(filtersFromParams(new URLSearchParams('sortBy=distance_asc')).sortBy).toBe('created_desc');
    expect(sortsFor({ ...EMPTY_FILTERS }).map((s) => s.value)).not.toContain('distance_asc');
    expect(withFilter(near, 'zipCode', '').sortBy).toBe('created_desc');
  });

  it('hides the sorts and the deal filter that the market data cannot serve, keeping the chosen sort listed', () => {
    const values = (available: { rated: number; reduced: number }, filters = { ...EMPTY_FILTERS }) => sortsFor(filters, available).map((s) => s.value);
    expect(values({ rated: 0, reduced: 0 })).not.toContain('deal_asc');
    expect(values({ rated: 0, reduced: 0 })).not.toContain('reduced_desc');
    expect(values({ rated: 12, reduced: 0 })).toContain('deal_asc');
    expect(values({ rated: 12, reduced: 0 })).not.toContain('reduced_desc');
    expect(values({ rated: 0, reduced: 3 })).toContain('reduced_desc');
    expect(values({ rated: 0, reduced: 0 }, { ...EMPTY_FILTERS, sortBy: 'deal_asc' })).toContain('deal_asc');
    expect(marketServes('deal', { rated: 0, reduced: 5 })).toBe(false);
    expect(marketServes('deal', { rated: 1, reduced: 0 })).toBe(true);
    expect(marketServes('deal', undefined)).toBe(true);
  });

  it('offers "Best Match" only with keywords, and drops it with them', () => {
    const typed = filtersFromParams(new URLSearchParams('query=porsche&sortBy=relevance_desc'));
    expect(typed.sortBy).toBe('relevance_desc');
    expect(sortsFor(typed).map((s) => s.label)).toContain('Best Match');
    expect(filtersFromParams(new URLSearchParams('sortBy=relevance_desc')).sortBy).toBe('created_desc');
    expect(sortsFor({ ...EMPTY_FILTERS }).map((s) => s.value)).not.toContain('relevance_desc');
    expect(withFilter(typed, 'query', '').sortBy).toBe('created_desc');
  });

  it("reads an address's query as the search page does: one form for the same search, the sold view kept, the rest dropped", () => {
    const one = searchPageQuery(new URLSearchParams('minPrice=%2420%2C000&make=BMW&utm_source=mail&model=&bodyType=any&page=3'));
    expect(one.toString()).toBe('make=BMW&minPrice=20000');
    expect(searchPageQuery(new URLSearchParams('make=BMW&minPrice=20000')).toString()).toBe(one.toString());
    expect(searchPageQuery(new URLSearchParams('sold=1&make=BMW')).toString()).toBe('make=BMW&sold=1');
    expect(searchPageQuery(new URLSearchParams('sold=yes')).toString()).toBe('');
    // Only the search page's drawing reads its query.
    expect(drawnQuery('search', new URLSearchParams('make=BMW&n=1')).toString()).toBe('make=BMW');
    for (const page of ['landing', 'vehicle', 'faq', 'resetPassword'] as const) expect(drawnQuery(page, new URLSearchParams('make=BMW&token=abc')).toString()).toBe('');
  });

  it('clears the model when the make changes', () => {
    const next = withFilter({ ...EMPTY_FILTERS, make: 'BMW', model: 'X5' }, 'make', 'Audi');
    expect(next.make).toBe('Audi');
    expect(next.model).toBe('');
  });
});

describe('filterChips', () => {
  const base = filtersFromParams(new URLSearchParams('make=Porsche&model=911&minPrice=50000&maxPrice=100000&bodyType=coupe&zipCode=78701&features=Sunroof%2FMoonroof&deal=good'));

  it('names each applied filter, in the panel order', () => {
    expect(filterChips(base).map((c) => c.label)).toEqual([
      'Make: Porsche',
      'Model: 911',
      '$50,000–$100,000',
      'Body type: Coupe',
      'Good deals and better',
      'Within 25 mi of 78701',
      'Sunroof/Moonroof',
    ]);
  });

  it('removes one filter per chip; the make takes its model with it', () => {
    const make = filterChips(base).find((c) => c.key === 'make')!;
    expect([make.without.make, make.without.model, make.without.bodyType]).toEqual(['', '', 'coupe']);
    const feature = filterChips(base).find((c) => c.key === 'feature:Sunroof/Moonroof')!;
    expect(feature.without.features).toEqual([]);
    expect(filterChips(filtersFromParams(new URLSearchParams('maxMileage=30000'))).map((c) => c.label)).toEqual(['Up to 30,000 mi']);
  });
});
