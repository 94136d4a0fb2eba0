import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { FIRST_VIEW_ELEMENT_ID, firstViewUsable, type CatalogMakeSummary, type FirstViewAnswer, type VehicleSearchResult } from '@app/shared';
import { primePublicConfig, publicConfigFrom } from '../config';
import { makeNames, queryKeys } from './queries';

/**
 * The API answers the server wrote into this page for its first view (FIRST_VIEW_ELEMENT_ID), read once:
 * the element goes, so a later render of the app (or a test) never sees stale answers.
 */
export function takeFirstView(doc: Document = document): FirstViewAnswer[] {
  const element = doc.getElementById(FIRST_VIEW_ELEMENT_ID);
  if (!element) return [];
  element.remove();
  try {
    const answers: unknown = JSON.parse(element.textContent ?? '');
    return Array.isArray(answers) ? answers.filter(isAnswer) : [];
  } catch {
    return [];
  }
}

function isAnswer(value: unknown): value is FirstViewAnswer {
  if (typeof value !== 'object' || value === null) return false;
  const answer = value as Partial<FirstViewAnswer>;
  return typeof answer.kind === 'string' && typeof answer.path === 'string' && typeof answer.status === 'number' && (answer.partial === undefined || answer.partial === true);
}

/**
 * Puts the first view's answers into the query cache before the first render, under the keys the pages'
 * hooks use, so the page draws complete at once. An answer the page cannot use (an error) is left out and
 * its hook asks the API as usual.
 */
export function seedFirstView(client: QueryClient, answers: readonly FirstViewAnswer[]): void {
  for (const answer of answers) {
    const seed = seedOf(answer);
    if (!seed) continue;
    client.setQueryData(seed[0], seed[1]);
    // Only the first screen's share of the answer: drawn with it, then asked for whole when the page's hook mounts.
    if (answer.partial) void client.invalidateQueries({ queryKey: seed[0], exact: true, refetchType: 'none' });
  }
}

function seedOf({ kind, path, id, status, body }: FirstViewAnswer): [QueryKey, unknown] | null {
  if (!firstViewUsable(kind, status)) return null;
  if (kind === 'user') return [queryKeys.user, status === 200 ? body : null];
  switch (kind) {
    case 'config': {
      const config = publicConfigFrom(body);
      primePublicConfig(config);
      return [queryKeys.config, config];
    }
    case 'recent':
      return [queryKeys.recent, body];
    case 'featured':
      return [queryKeys.featured, body];
    case 'search': {
      const data: InfiniteData<VehicleSearchResult, number> = { pages: [body as VehicleSearchResult], pageParams: [1] };
      return [queryKeys.search(path.slice(path.indexOf('?') + 1)), data];
    }
    case 'recentlySold':
      return [queryKeys.recentlySold, body];
    case 'facets':
      return [queryKeys.facets, (body as VehicleSearchResult).facets];
    case 'makes':
      return [queryKeys.makes, makeNames(body as CatalogMakeSummary[])];
    case 'vehicle':
      return id === undefined ? null : [queryKeys.vehicle(id), body];
    case 'priceHistory':
      return id === undefined ? null : [queryKeys.priceHistory(id), body];
    default:
      return null;
  }
}
