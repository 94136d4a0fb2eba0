import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createQueryClient } from '../../api/query-client';
import { MakeModelSelects } from './MakeModelSelects';

const CATALOG: Record<string, unknown> = {
  '/api/catalog/makes': [
    { name: 'BMW', slug: 'bmw', modelCount: 3 },
    { name: 'Porsche', slug: 'porsche', modelCount: 2 },
  ],
  '/api/catalog/makes/BMW/models': ['X1', 'X3', 'X5'].map((name) => ({ name, slug: name.toLowerCase(), years: [2000, 2026], trimCount: 1 })),
  '/api/catalog/makes/Porsche/models': ['911', 'Cayenne'].map((name) => ({ name, slug: name.toLowerCase(), years: [2000, 2026], trimCount: 1 })),
};

beforeEach(() => {
  global.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    return new Response(JSON.stringify(CATALOG[path] ?? []), { status: 200, headers: { 'Content-Type': 'application/json' } });
  }) as typeof fetch;
});

function renderSelects(make: string, modelCounts?: { make: string; models: { value: string; label: string; count: number }[] }) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MakeModelSelects idPrefix="t" make={make} model="" onMake={() => undefined} onModel={() => undefined} modelCounts={modelCounts} />
    </QueryClientProvider>,
  );
  return screen.getByLabelText('Model');
}

const optionTexts = (select: HTMLElement) => within(select).getAllByRole('option').map((o) => o.textContent);

describe('MakeModelSelects', () => {
  it("lists only the searched make's models that have listings, with their counts", () => {
    const model = renderSelects('BMW', { make: 'bmw', models: [{ value: 'm3', label: 'M3', count: 1 }, { value: 'x5', label: 'X5', count: 4 }] });
    expect(optionTexts(model)).toEqual(['Any Model', 'M3 (1)', 'X5 (4)']);
  });

  it("lists the catalogue's models for a make chosen but not searched yet", async () => {
    const model = renderSelects('Porsche', { make: 'BMW', models: [{ value: 'x5', label: 'X5', count: 4 }] });
    await waitFor(() => expect(optionTexts(model)).toEqual(['Any Model', '911', 'Cayenne']));
  });

  it('waits for a make', () => {
    const model = renderSelects('');
    expect((model as HTMLSelectElement).disabled).toBe(true);
    expect(optionTexts(model)).toEqual(['Choose Make First']);
  });
});
