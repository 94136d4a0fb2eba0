import type { FastifyInstance } from 'fastify';

/** One route as Fastify registered it: `GET /api/vehicles/:id`, `GET /*`. */
export interface RouteEntry {
  method: string;
  url: string;
}

const ROUTES = new WeakMap<FastifyInstance, RouteEntry[]>();

/**
 * Records every route registered from now on (API, storefront pages, built files), so the request fuzzer
 * (scripts/security) covers each route the app really has, new ones included. HEAD twins are left out.
 */
export function recordRoutes(fastify: FastifyInstance): void {
  const routes: RouteEntry[] = [];
  ROUTES.set(fastify, routes);
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routes.push({ method, url: route.url });
    }
  });
}

/** The routes recorded so far (complete once the app is initialised). */
export function registeredRoutes(fastify: FastifyInstance): RouteEntry[] {
  return [...(ROUTES.get(fastify) ?? [])];
}
