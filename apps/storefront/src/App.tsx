import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
import { RouteEffects } from './components/RouteEffects';
import { Toaster } from './components/Toaster';

type PageModule = { default: React.ComponentType };
/** A lazily loaded page: each page is its own chunk. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

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
    children: [
      // The embeddable slideshow renders without the site's header and footer.
      { path: '/iframe-slideshow', lazy: page(() => import(/* webpackChunkName: "page-slideshow" */ './pages/iframe-slideshow')) },
      {
        element: <Layout />,
        children: [
          { index: true, lazy: page(() => import(/* webpackChunkName: "page-landing" */ './pages/landing')) },
          { path: 'auth', lazy: page(() => import(/* webpackChunkName: "page-auth" */ './pages/auth')) },
          { path: 'search', lazy: page(() => import(/* webpackChunkName: "page-search" */ './pages/search')) },
          { path: 'vehicles/:id', lazy: page(() => import(/* webpackChunkName: "page-vehicle" */ './pages/vehicle')) },
          { path: 'vehicle/:id', lazy: page(() => import(/* webpackChunkName: "page-vehicle-redirect" */ './pages/vehicle/redirect')) },
          { path: 'how-it-works', lazy: page(() => import(/* webpackChunkName: "page-how-it-works" */ './pages/how-it-works')) },
          { path: 'financing', lazy: page(() => import(/* webpackChunkName: "page-financing" */ './pages/financing')) },
          { path: 'faq', lazy: page(() => import(/* webpackChunkName: "page-faq" */ './pages/faq')) },
          { path: 'privacy-policy', lazy: page(() => import(/* webpackChunkName: "page-privacy" */ './pages/privacy-policy')) },
          { path: 'dashboard', lazy: page(() => import(/* webpackChunkName: "page-account" */ './pages/account/dashboard')) },
          { path: 'create-listing', lazy: page(() => import(/* webpackChunkName: "page-account" */ './pages/account/create-listing')) },
          { path: 'edit-listing/:id', lazy: page(() => import(/* webpackChunkName: "page-account" */ './pages/account/edit-listing')) },
          { path: 'admin/*', lazy: page(() => import(/* webpackChunkName: "page-admin" */ './pages/admin')) },
          { path: '*', lazy: page(() => import(/* webpackChunkName: "page-not-found" */ './pages/not-found')) },
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
