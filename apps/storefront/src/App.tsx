import { QueryClientProvider } from '@tanstack/react-query';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { BrowserRouter, Outlet, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from './api/query-client';
import { Layout } from './components/Layout';
import { PageSpinner } from './components/PageSpinner';
import { RouteEffects } from './components/RouteEffects';
import { RouteError } from './components/RouteError';
import { SavedSync } from './components/SavedSync';
import { Toaster } from './components/Toaster';
import { loaderForPath, pageLoaders, type PageLoader } from './route-loaders';
import { seedFirstView } from './api/first-view';
import { SERVER_RENDERED_ATTRIBUTE, SITE_ROUTES, type FirstViewAnswer, type SitePage } from '@app/shared';

// React Router in its declarative mode (<Routes> in a <BrowserRouter>, a <StaticRouter> on the server): the site
// loads no data through the router (TanStack Query does), and the data router's machinery (loaders, actions,
// fetchers, revalidation) was some 15 KB gzip of every page's first load.

/** The page modules loaded so far: a page whose module is here draws at once, without suspending. */
const loadedPages = new Map<PageLoader, ComponentType>();

/** Loads a page's module into `loadedPages` (route-loaders.ts keeps one chunk per page). */
async function loadPage(load: PageLoader): Promise<ComponentType> {
  const loaded = loadedPages.get(load);
  if (loaded) return loaded;
  const { default: Page } = await load();
  loadedPages.set(load, Page);
  return Page;
}

/**
 * A page of the route table: drawn at once when its module is loaded (the page the server drew, loaded before
 * hydrating), else lazily. A navigation is a transition (BrowserRouter's), so the page on screen stays until the
 * next one's module is here.
 */
function routePage(load: PageLoader): ComponentType {
  const LazyPage = lazy(async () => ({ default: await loadPage(load) }));
  function RoutePage() {
    const Page = loadedPages.get(load);
    return Page ? <Page /> : <LazyPage />;
  }
  return RoutePage;
}

const PAGES = Object.fromEntries(Object.entries(pageLoaders).map(([key, load]) => [key, routePage(load)])) as Record<SitePage | 'notFound', ComponentType>;

/**
 * Loads the module of the page that `pathname` draws (the 404 page when no route matches), so that the first
 * drawing is the page itself: hydrating the server's markup needs the page at once, not a lazy page's fallback.
 */
export async function loadRouteModules(pathname: string): Promise<void> {
  await loadPage(loaderForPath(pathname));
}

interface BoundaryState {
  error: unknown;
  pathname: string;
}

/** A page that failed to load or to draw: RouteError instead of the page, until the visitor goes to another one. */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RouteError /> : this.props.children;
  }
}

/**
 * Once the app has taken over the server's markup, the root element no longer says it is the server's. Inside the
 * page's Suspense boundary: React hydrates a boundary's content after the shell around it, so an effect of the
 * shell ran while the page could not yet answer a tap (a sort chosen then was lost on a slow phone).
 */
function TakenOver() {
  useEffect(() => document.getElementById('root')?.removeAttribute(SERVER_RENDERED_ATTRIBUTE), []);
  return null;
}

function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <RouteEffects />
      <SavedSync />
      <PageErrorBoundary pathname={pathname}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
          <TakenOver />
        </Suspense>
      </PageErrorBoundary>
      <Toaster />
    </>
  );
}

/** A <Route> for a pattern of the shared table: '/' is the layout's index, the rest are relative. */
function routeFor({ page, pattern }: { page: SitePage; pattern: string }) {
  const Page = PAGES[page];
  return pattern === '/' ? <Route key={page} index element={<Page />} /> : <Route key={page} path={pattern.slice(1)} element={<Page />} />;
}

const NotFound = PAGES.notFound;

/** The site's routes, from the one route table (SITE_ROUTES): bare pages outside the site's layout. */
export function SiteRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        {SITE_ROUTES.filter((r) => r.bare).map(routeFor)}
        <Route element={<Layout />}>
          {SITE_ROUTES.filter((r) => !r.bare).map(routeFor)}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Route>
    </Routes>
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
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <SiteRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
