import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '../../api/query-client';
import { FilterPanel } from './FilterPanel';
import { EMPTY_FILTERS, paramsFromFilters, type SearchFilters } from '@app/shared';

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

