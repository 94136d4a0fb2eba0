import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../api/query-client';
import { FilterPanel } from '../pages/search/FilterPanel';
import { EMPTY_FILTERS, filtersFromParams, paramsFromFilters, searchApiParams, withFilter, type SearchFilters } from './search-params';

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

  it('clears the model when the make changes', () => {
    const next = withFilter({ ...EMPTY_FILTERS, make: 'BMW', model: 'X5' }, 'make', 'Audi');
    expect(next.make).toBe('Audi');
    expect(next.model).toBe('');
  });
});

describe('FilterPanel', () => {
  function Harness({ onChange }: { onChange: (f: SearchFilters) => void }) {
    const [filters, setFilters] = useState<SearchFilters>({ ...EMPTY_FILTERS, features: [] });
    return (
      <QueryClientProvider client={createQueryClient()}>
        <FilterPanel
          idPrefix="t"
          filters={filters}
          facets={{ make: [], fuelType: [], bodyType: [{ value: 'suv', label: 'SUV', count: 4 }] }}
          onChange={(next) => {
            setFilters(next);
            onChange(next);
          }}
          onClear={() => setFilters({ ...EMPTY_FILTERS, features: [] })}
        />
      </QueryClientProvider>
    );
  }

  beforeEach(() => {
    global.fetch = jest.fn().mockResolvedValue(new Response('["Audi","BMW"]', { status: 200 })) as unknown as typeof fetch;
  });

  it('turns each filter change into the address query, with facet counts in the options', async () => {
    const seen: string[] = [];
    render(<Harness onChange={(f) => seen.push(paramsFromFilters(f).toString())} />);
    expect((screen.getByLabelText('Model') as HTMLSelectElement).disabled).toBe(true);
    expect(screen.getByRole('option', { name: 'SUV (4)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Body Type'), { target: { value: 'suv' } });
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '30,000' } });
    fireEvent.blur(screen.getByLabelText('Max price'));
    fireEvent.click(screen.getByLabelText('Heated Seats'));
    expect(seen).toEqual(['bodyType=suv', 'maxPrice=30000&bodyType=suv', 'maxPrice=30000&bodyType=suv&features=Heated+Seats']);
  });
});
