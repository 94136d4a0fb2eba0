import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
import { RouteEffects } from './components/RouteEffects';
import { RouteError } from './components/RouteError';
import { Toaster } from './components/Toaster';
import { pageLoaders } from './route-loaders';

/** A lazily loaded page: each page is its own chunk. */
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

function Root() {
  return (
    <>
      <RouteEffects />
      <Outlet />
      <Toaster />
    </>
  );
}

export const routes: RouteObject[] = [
  {
    element: <Root />,
    HydrateFallback: PageSpinner,
    ErrorBoundary: RouteError,
    children: [
      // The embeddable slideshow renders without the site's header and footer.
      { path: '/iframe-slideshow', lazy: page(pageLoaders.iframe_slideshow) },
      {
        element: <Layout />,
        children: [
          { index: true, lazy: page(pageLoaders.landing) },
          { path: 'auth', lazy: page(pageLoaders.auth) },
          { path: 'search', lazy: page(pageLoaders.search) },
          { path: 'vehicles/:id', lazy: page(pageLoaders.vehicle) },
          { path: 'vehicle/:id', lazy: page(pageLoaders.vehicle_redirect) },
          { path: 'how-it-works', lazy: page(pageLoaders.how_it_works) },
          { path: 'financing', lazy: page(pageLoaders.financing) },
          { path: 'faq', lazy: page(pageLoaders.faq) },
          { path: 'privacy-policy', lazy: page(pageLoaders.privacy_policy) },
          { path: 'dashboard', lazy: page(pageLoaders.account_dashboard) },
          { path: 'create-listing', lazy: page(pageLoaders.account_create_listing) },
          { path: 'edit-listing/:id', lazy: page(pageLoaders.account_edit_listing) },
          { path: 'saved', lazy: page(pageLoaders.saved) },
          { path: 'admin/*', lazy: page(pageLoaders.admin) },
          { path: '*', lazy: page(pageLoaders.not_found) },
        ],
      },
    ],
  },
];

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
