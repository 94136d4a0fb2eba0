import { FIRST_VIEW_ELEMENT_ID, firstViewJson, type FirstViewAnswer } from '@app/shared';
import { getPublicConfig } from '../config';
import { createQueryClient } from './query-client';
import { queryKeys } from './queries';
import { seedFirstView, takeFirstView } from './first-view';

function writeBlock(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_VIEW_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

const vehicle = { id: 7, make: 'BMW', model: 'X5', description: '</script><b>' };
const answers: FirstViewAnswer[] = [
  { kind: 'config', path: '/api/config', status: 200, body: { siteName: 'Test Motors', supportPhone: '(555) 010-0000' } },
  { kind: 'user', path: '/api/user', status: 401, body: { statusCode: 401, message: 'Unauthorized' } },
  { kind: 'vehicle', path: '/api/vehicles/7', id: 7, status: 200, body: vehicle },
  { kind: 'priceHistory', path: '/api/vehicles/7/price-history', id: 7, status: 200, body: [{ price: 1, at: '2026-11-01' }] },
  { kind: 'search', path: '/api/vehicles/search?make=BMW&sortBy=created_desc&page=1&limit=24', status: 200, body: { vehicles: [vehicle], total: 1 } },
  { kind: 'makes', path: '/api/catalog/makes', status: 200, body: [{ name: 'BMW', count: 3 }] },
  { kind: 'featured', path: '/api/vehicles/featured', status: 200, body: [vehicle] },
  { kind: 'recent', path: '/api/vehicles/recent', status: 500, body: { statusCode: 500 } },
];

describe('first view', () => {
  it('reads the answers the server wrote once, and takes the element away', () => {
    writeBlock(firstViewJson(answers));
    expect(takeFirstView()).toEqual(answers);
    expect(document.getElementById(FIRST_VIEW_ELEMENT_ID)).toBeNull();
    expect(takeFirstView()).toEqual([]);
  });

  it("marks an answer cut to the first screen as stale: drawn with at once, asked for whole when its hook mounts", () => {
    const client = createQueryClient();
    const cars = Array.from({ length: 8 }, (_, i) => ({ ...vehicle, id: i + 1 }));
    seedFirstView(client, [
      { kind: 'recent', path: '/api/vehicles/recent', status: 200, body: cars, partial: true },
      { kind: 'vehicle', path: '/api/vehicles/7', id: 7, status: 200, body: vehicle },
    ]);
    expect(client.getQueryData(queryKeys.recent)).toEqual(cars);
    expect(client.getQueryState(queryKeys.recent)?.isInvalidated).toBe(true);
    expect(client.getQueryState(queryKeys.vehicle(7))?.isInvalidated).toBe(false);
  });

  it('ignores a block that is not a list of answers', () => {
    writeBlock('{not json');
    expect(takeFirstView()).toEqual([]);
    writeBlock(JSON.stringify([{ kind: 'vehicle' }, 'x', null]));
    expect(takeFirstView()).toEqual([]);
  });

  it("seeds the pages' queries under their hooks' keys; an error answer is left for the hook to ask again", async () => {
    const client = createQueryClient();
    seedFirstView(client, answers);
    expect(client.getQueryData(queryKeys.user)).toBeNull();
    expect(client.getQueryData(queryKeys.vehicle(7))).toEqual(vehicle);
    expect(client.getQueryData(queryKeys.priceHistory(7))).toEqual([{ price: 1, at: '2026-11-01' }]);
    expect(client.getQueryData(queryKeys.search('make=BMW&sortBy=created_desc&page=1&limit=24'))).toEqual({ pages: [{ vehicles: [vehicle], total: 1 }], pageParams: [1] });
    expect(client.getQueryData(queryKeys.makes)).toEqual(['BMW']);
    expect(client.getQueryData(queryKeys.featured)).toEqual([vehicle]);
    expect(client.getQueryState(queryKeys.recent)).toBeUndefined();
    expect(client.getQueryData(queryKeys.config)).toMatchObject({ siteName: 'Test Motors', supportPhone: '(555) 010-0000', adminRemoteUrl: '/admin-app/remoteEntry.js' });
    // Code that reads the configuration outside React gets the page's too, without asking.
    const asked = jest.fn();
    const saved = globalThis.fetch;
    globalThis.fetch = asked;
    try {
      await expect(getPublicConfig()).resolves.toMatchObject({ siteName: 'Test Motors' });
      expect(asked).not.toHaveBeenCalled();
    } finally {
      globalThis.fetch = saved;
    }
  });
});
