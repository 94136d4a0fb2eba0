import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { matchSiteRoute, firstViewRequests, type FirstViewAnswer, type FirstViewKind, type VehicleSearchResult } from '@app/shared';
import { makeVehicle } from '../test/fixtures';
import { App, loadRouteModules } from './App';
import { renderPage } from './server-render';

// hydrateRoot is called directly here (not through Testing Library, which sets this itself).
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const vehicles = [makeVehicle({ id: 7, make: 'BMW', model: 'X5' }), makeVehicle({ id: 8, make: 'Porsche', model: '911', price: 89900, images: [] })];
const search: VehicleSearchResult = {
  vehicles,
  total: 2,
  page: 1,
  limit: 24,
  facets: {
    make: [
      { value: 'BMW', label: 'BMW', count: 1 },
      { value: 'Porsche', label: 'Porsche', count: 1 },
    ],
    model: [],
    bodyType: [],
    fuelType: [],
    price: [],
  },
};
const bodies: Record<FirstViewKind, unknown> = {
  config: { siteName: 'Test Motors', supportPhone: '(555) 010-0000' },
  user: { statusCode: 401, message: 'Unauthorized' },
  recent: vehicles,
  featured: vehicles,
  recentlySold: [],
  search,
  // The facets' answer is a search answer (its facets are what the landing reads).
  facets: search,
  makes: [{ name: 'BMW', count: 1 }, { name: 'Porsche', count: 1 }],
  vehicle: vehicles[0],
  priceHistory: [],
};

/** The first view the API would write into `path`'s page, answered from the fixtures above. */
function firstViewOf(path: string): FirstViewAnswer[] {
  const url = new URL(path, 'http://localhost');
  const match = matchSiteRoute(url.pathname);
  if (!match) throw new Error(`no route for ${path}`);
  const vehicleId = match.params.id === undefined ? undefined : Number(match.params.id);
  return firstViewRequests({ page: match.route.page, vehicleId, search: url.searchParams }).map((asked) => ({
    ...asked,
    status: asked.kind === 'user' ? 401 : 200,
    body: bodies[asked.kind],
  }));
}

describe('server rendering', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });

  it.each(['/', '/search?make=BMW', '/vehicles/7', '/faq', '/how-it-works', '/financing', '/privacy-policy'])(
    '%s: the server draws the page with its first view, and the browser takes that markup over unchanged',
    async (path) => {
      const answers = firstViewOf(path);
      const html = await renderPage(path, answers);
      expect(html).toContain('<h1');
      expect(html).toContain('Skip to content');

      window.history.replaceState(null, '', path);
      const container = document.createElement('div');
      container.id = 'root';
      container.innerHTML = html ?? '';
      document.body.append(container);
      const heading = container.querySelector('h1');
      const drawnHeading = heading?.textContent;

      // React reports markup it cannot take over through onRecoverableError, and logs a mismatch in development.
      const recoverable: unknown[] = [];
      const logged = jest.spyOn(console, 'error');
      await loadRouteModules(window.location.pathname);
      await act(async () => {
        hydrateRoot(container, <App firstView={answers} />, { onRecoverableError: (error) => recoverable.push(error) });
      });

      expect(recoverable).toEqual([]);
      expect(logged.mock.calls.filter(([message]) => /hydrat|did not match|server rendered/i.test(String(message)))).toEqual([]);
      // The very element the server drew is the one React now owns (not drawn anew).
      expect(container.querySelector('h1')).toBe(heading);
      expect(heading?.textContent).toBe(drawnHeading);
    },
  );

  it('draws the listing and the search results the first view holds', async () => {
    const listing = await renderPage('/vehicles/7', firstViewOf('/vehicles/7'));
    expect(listing).toContain('BMW X5');
    const results = await renderPage('/search?make=BMW', firstViewOf('/search?make=BMW'));
    expect(results).toContain('href="/vehicles/7"');
    expect(results).toContain('href="/vehicles/8"');
  });

  it('sends no half-drawn page: a part that fails to draw on the server fails the whole drawing', async () => {
    const broken = firstViewOf('/search?make=BMW').map((answer) =>
      answer.kind === 'search' ? { ...answer, body: { ...search, facets: { ...search.facets, make: [{ count: 1 }] } } } : answer,
    );
    await expect(renderPage('/search?make=BMW', broken)).rejects.toThrow('part of /search?make=BMW could not be drawn on the server');
  });
});
