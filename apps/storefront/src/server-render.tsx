// The server's drawing of a page (the API loads this build, dist-server/render.js, for the `serverRendered`
// routes of the shared table): the same route table, components and query cache as the browser's app, with the
// first view's answers the API just wrote into the page, rendered to HTML. The browser then hydrates it
// (bootstrap.tsx), so a visitor sees the page before its scripts have run.
import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { FirstViewAnswer } from '@app/shared';
import { loadRouteModules, queryClientWith, SiteRoutes } from './App';

/**
 * The markup of the page at `path` (with its query) inside the storefront's root element, drawn with
 * `firstView`'s answers. Throws when a part of the page fails to draw.
 */
export async function renderPage(path: string, firstView: readonly FirstViewAnswer[]): Promise<string | null> {
  // The page's module first, so that it draws at once (a lazy page would leave its fallback, a spinner).
  await loadRouteModules(new URL(path, 'http://storefront.invalid').pathname);
  const queryClient = queryClientWith(firstView);
  try {
    const html = renderToString(
      <QueryClientProvider client={queryClient}>
        <StaticRouter location={path}>
          <SiteRoutes />
        </StaticRouter>
      </QueryClientProvider>,
    );
    // A part that threw here (or waited for something) is left by React to the browser: a boundary marked
    // `<!--$!-->` holding its fallback, a spinner. Such a page is not sent half drawn; the browser draws it all.
    if (html.includes('<!--$!-->')) throw new Error(`part of ${path} could not be drawn on the server`);
    return html;
  } finally {
    queryClient.clear();
  }
}
