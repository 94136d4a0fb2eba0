import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
import { RouteEffects } from './components/RouteEffects';
import { RouteError } from './components/RouteError';
import { SavedSync } from './components/SavedSync';
import { Toaster } from './components/Toaster';
import { pageLoaders } from './route-loaders';
import { seedFirstView } from './api/first-view';
import { SITE_ROUTES, type FirstViewAnswer, type SiteRoute } from '@app/shared';

/** A lazily loaded page: each page is its own chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

function Root() {
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

/** The app; `firstView` holds the API answers the server wrote into the page (takeFirstView). */
export function App({ firstView = [] }: { firstView?: readonly FirstViewAnswer[] }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    seedFirstView(client, firstView);
    return client;
  });
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
