import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createBrowserRouter, matchRoutes, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
import { RouteEffects } from './components/RouteEffects';
import { RouteError } from './components/RouteError';
import { SavedSync } from './components/SavedSync';
import { Toaster } from './components/Toaster';
import { pageLoaders } from './route-loaders';
import { seedFirstView } from './api/first-view';
import { SERVER_RENDERED_ATTRIBUTE, SITE_ROUTES, type FirstViewAnswer, type SiteRoute } from '@app/shared';

/** A lazily loaded page: each page is its own chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

function Root() {
  // Once the app has taken over the server's markup (hydrated), the root element no longer says it is the server's.
  useEffect(() => document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE), []);
  return (
    <>
      <RouteEffects />
      <SavedSync />
      <Outlet />
      <Toaster />
    </>
  );
}

/** A router route for a pattern of the shared table: '/' is the layout's index, the rest are relative. */
function routeObject({ page: key, pattern }: SiteRoute): RouteObject {
  const lazy = page(pageLoaders[key]);
  return pattern === '/' ? { index: true, lazy } : { path: pattern.slice(1), lazy };
}

/** The router, built from the one route table (SITE_ROUTES): bare pages outside the site's layout. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      ...SITE_ROUTES.filter((r) => r.bare).map(routeObject),
      {
        element: <Layout />,
        children: [...SITE_ROUTES.filter((r) => !r.bare).map(routeObject), { path: '*', lazy: page(pageLoaders.notFound) }],
      },
    ],
  },
];

/**
 * Loads the page modules of the routes that match `pathname` into the route table before the router is made,
 * so it starts with the page drawn: hydrating the server's markup needs the page itself at once, not the
 * HydrateFallback a lazy route is drawn with while its module loads.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/** A query cache holding the first view's answers: the browser's for its page, the server's for one rendering. */
export function queryClientWith(firstView: readonly FirstViewAnswer[]) {
  const client = createQueryClient();
  seedFirstView(client, firstView);
  return client;
}

/** The app; `firstView` holds the API answers the server wrote into the page (takeFirstView). */
export function App({ firstView = [] }: { firstView?: readonly FirstViewAnswer[] }) {
  const [queryClient] = useState(() => queryClientWith(firstView));
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
