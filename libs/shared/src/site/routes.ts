/**
 * The one route table of the storefront's pages. The storefront's router is built from it, the server answers
 * 200 for the paths it matches (404 otherwise, so unknown paths are not indexed), and the sitemap and
 * robots.txt are derived from it. Patterns use the router's syntax: `:name` is one path segment, a final
 * `*` is the rest of the path.
 */
export interface SiteRoute {
  /** The page module that draws the route (the storefront maps each key to a lazily loaded chunk). */
  page: SitePage;
  pattern: string;
  /** Listed in the sitemap (public pages without parameters; listings are added one by one). */
  sitemap?: boolean;
  /** Search engines need not visit it (signed-in, sign-in and embed pages): a robots.txt Disallow. */
  noIndex?: boolean;
  /** Drawn without the site's header and footer. */
  bare?: boolean;
  /**
   * Drawn by the server for a visitor who is not signed in (the first view's answers are the same for every such
   * visitor), so the page paints before its scripts run; the storefront then hydrates that markup.
   */
  serverRendered?: boolean;
}

export type SitePage =
  | 'landing'
  | 'auth'
  | 'forgotPassword'
  | 'resetPassword'
  | 'confirmEmail'
  | 'verifyEmail'
  | 'profile'
  | 'savedSearches'
  | 'unsubscribe'
  | 'search'
  | 'vehicle'
  | 'vehicleRedirect'
  | 'howItWorks'
  | 'financing'
  | 'faq'
  | 'privacyPolicy'
  | 'dashboard'
  | 'createListing'
  | 'editListing'
  | 'saved'
  | 'admin'
  | 'slideshow';

export const SITE_ROUTES: readonly SiteRoute[] = [
  { page: 'landing', pattern: '/', sitemap: true, serverRendered: true },
  { page: 'search', pattern: '/search', sitemap: true, serverRendered: true },
  { page: 'vehicle', pattern: '/vehicles/:id', serverRendered: true },
  { page: 'vehicleRedirect', pattern: '/vehicle/:id' },
  { page: 'howItWorks', pattern: '/how-it-works', sitemap: true, serverRendered: true },
  { page: 'financing', pattern: '/financing', sitemap: true, serverRendered: true },
  { page: 'faq', pattern: '/faq', sitemap: true, serverRendered: true },
  { page: 'privacyPolicy', pattern: '/privacy-policy', sitemap: true, serverRendered: true },
  { page: 'saved', pattern: '/saved', noIndex: true },
  { page: 'auth', pattern: '/auth', noIndex: true },
  { page: 'forgotPassword', pattern: '/forgot-password', noIndex: true },
  { page: 'resetPassword', pattern: '/reset-password', noIndex: true },
  { page: 'confirmEmail', pattern: '/confirm-email', noIndex: true },
  { page: 'verifyEmail', pattern: '/verify-email', noIndex: true },
  { page: 'profile', pattern: '/profile', noIndex: true },
  { page: 'savedSearches', pattern: '/saved-searches', noIndex: true },
  { page: 'unsubscribe', pattern: '/unsubscribe', noIndex: true },
  { page: 'dashboard', pattern: '/dashboard', noIndex: true },
  { page: 'createListing', pattern: '/create-listing', noIndex: true },
  { page: 'editListing', pattern: '/edit-listing/:id', noIndex: true },
  { page: 'admin', pattern: '/admin/*', noIndex: true },
  { page: 'slideshow', pattern: '/iframe-slideshow', noIndex: true, bare: true },
];

/** The one page other sites may put in a frame. */
export const EMBEDDABLE_PAGE = '/iframe-slideshow';

export interface RouteMatch {
  route: SiteRoute;
  params: Record<string, string>;
}

const compiled = SITE_ROUTES.map((route) => ({ route, ...compilePattern(route.pattern) }));

function compilePattern(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') {
        names.push('*');
        return '(?:/(.*))?';
      }
      if (segment.startsWith(':')) {
        names.push(segment.slice(1));
        return '/([^/]+)';
      }
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return { regex: new RegExp(`^${body}/?$`), names };
}

/** The route a path (without query) belongs to, with its parameters (still URL-encoded); undefined if none. */
export function matchSiteRoute(pathname: string): RouteMatch | undefined {
  for (const { route, regex, names } of compiled) {
    const found = regex.exec(pathname === '' ? '/' : pathname);
    if (!found) continue;
    const params: Record<string, string> = {};
    names.forEach((name, i) => {
      const value = found[i + 1];
      if (value !== undefined) params[name] = value;
    });
    return { route, params };
  }
  return undefined;
}

/** The path of a route with its parameters filled in, e.g. sitePath('/vehicles/:id', { id: 7 }). */
export function sitePath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern
    .replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')))
    .replace(/\/\*$/, params['*'] === undefined ? '' : `/${String(params['*'])}`);
}

export const sitemapPaths = (): string[] => SITE_ROUTES.filter((r) => r.sitemap).map((r) => r.pattern);

/** robots.txt Disallow prefixes: each no-index route up to its first parameter. */
export const robotsDisallowPaths = (): string[] =>
  SITE_ROUTES.filter((r) => r.noIndex).map((r) => r.pattern.replace(/\/(:[A-Za-z]+|\*)$/, (m) => (m === '/*' ? '' : '/')));
