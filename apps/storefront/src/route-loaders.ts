// Page modules, one chunk each. index.ts starts loading the current page's chunk alongside the app's own,
// so the first page does not wait for the router to ask for it.
import type { ComponentType } from 'react';

type PageModule = { default: ComponentType };

export const pageLoaders = {
  iframe_slideshow: (): Promise<PageModule> => import(/* webpackChunkName: "page-slideshow" */ './pages/iframe-slideshow'),
  landing: (): Promise<PageModule> => import(/* webpackChunkName: "page-landing" */ './pages/landing'),
  auth: (): Promise<PageModule> => import(/* webpackChunkName: "page-auth" */ './pages/auth'),
  search: (): Promise<PageModule> => import(/* webpackChunkName: "page-search" */ './pages/search'),
  vehicle: (): Promise<PageModule> => import(/* webpackChunkName: "page-vehicle" */ './pages/vehicle'),
  vehicle_redirect: (): Promise<PageModule> => import(/* webpackChunkName: "page-vehicle-redirect" */ './pages/vehicle/redirect'),
  how_it_works: (): Promise<PageModule> => import(/* webpackChunkName: "page-how-it-works" */ './pages/how-it-works'),
  financing: (): Promise<PageModule> => import(/* webpackChunkName: "page-financing" */ './pages/financing'),
  faq: (): Promise<PageModule> => import(/* webpackChunkName: "page-faq" */ './pages/faq'),
  privacy_policy: (): Promise<PageModule> => import(/* webpackChunkName: "page-privacy" */ './pages/privacy-policy'),
  account_dashboard: (): Promise<PageModule> => import(/* webpackChunkName: "page-account" */ './pages/account/dashboard'),
  account_create_listing: (): Promise<PageModule> => import(/* webpackChunkName: "page-account" */ './pages/account/create-listing'),
  account_edit_listing: (): Promise<PageModule> => import(/* webpackChunkName: "page-account" */ './pages/account/edit-listing'),
  saved: (): Promise<PageModule> => import(/* webpackChunkName: "page-saved" */ './pages/saved'),
  admin: (): Promise<PageModule> => import(/* webpackChunkName: "page-admin" */ './pages/admin'),
  not_found: (): Promise<PageModule> => import(/* webpackChunkName: "page-not-found" */ './pages/not-found'),
};

/** The page chunk a path needs (the same patterns as the router's). */
export function loaderForPath(pathname: string): (() => Promise<PageModule>) | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return pageLoaders.landing;
  if (path === '/search') return pageLoaders.search;
  if (/^\/vehicles\/[^/]+$/.test(path)) return pageLoaders.vehicle;
  if (path === '/iframe-slideshow') return pageLoaders.iframe_slideshow;
  return undefined;
}
