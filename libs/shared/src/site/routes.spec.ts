import { matchSiteRoute, robotsDisallowPaths, SITE_ROUTES, sitemapPaths, sitePath } from './routes';

describe('the site route table', () => {
  it('matches each pattern with its parameters, with or without a trailing slash', () => {
    expect(matchSiteRoute('/')?.route.page).toBe('landing');
    expect(matchSiteRoute('/saved/')?.route.page).toBe('saved');
    expect(matchSiteRoute('/vehicles/42')).toEqual({ route: expect.objectContaining({ page: 'vehicle' }), params: { id: '42' } });
    expect(matchSiteRoute('/edit-listing/7')?.params).toEqual({ id: '7' });
    expect(matchSiteRoute('/admin')?.route.page).toBe('admin');
    expect(matchSiteRoute('/admin/analytics/7d')?.params).toEqual({ '*': 'analytics/7d' });
  });

  it('matches nothing beside the table', () => {
    for (const path of ['/vehicles', '/vehicles/1/photos', '/searching', '/faq/x', '/administrator', '/unknown']) {
      expect({ path, match: matchSiteRoute(path) }).toEqual({ path, match: undefined });
    }
  });

  it('fills patterns into paths that match back to the same route', () => {
    for (const route of SITE_ROUTES) {
      const path = sitePath(route.pattern, { id: 9, '*': 'x' });
      expect(matchSiteRoute(path)?.route).toBe(route);
    }
    expect(sitePath('/vehicles/:id', { id: 'a b' })).toBe('/vehicles/a%20b');
    expect(sitePath('/admin/*')).toBe('/admin');
  });

  it('derives the sitemap from public pages without parameters and robots from no-index pages', () => {
    expect(sitemapPaths()).toEqual(['/', '/search', '/how-it-works', '/financing', '/faq', '/privacy-policy']);
    expect(robotsDisallowPaths()).toEqual(['/saved', '/auth', '/forgot-password', '/reset-password', '/confirm-email', '/verify-email', '/profile', '/saved-searches', '/unsubscribe', '/dashboard', '/create-listing', '/edit-listing/', '/admin', '/iframe-slideshow']);
  });
});
