// Page modules, one chunk each, keyed by the pages of the shared route table (SITE_ROUTES in libs/shared).
// Each chunk is named page-<page>: the build lists every page's files under that name (page-assets.json), and the
// server preloads the files of the page it answers.
// index.ts starts loading the current page's chunk alongside the app's own, so the first page does not wait
// for the router to ask for it.
import type { ComponentType } from 'react';
import { matchSiteRoute, type SitePage } from '@app/shared';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

export const pageLoaders: Record<SitePage | 'notFound', PageLoader> = {
  slideshow: () => import(/* webpackChunkName: "page-slideshow" */ './pages/iframe-slideshow'),
  landing: () => import(/* webpackChunkName: "page-landing" */ './pages/landing'),
  auth: () => import(/* webpackChunkName: "page-auth" */ './pages/auth'),
  forgotPassword: () => import(/* webpackChunkName: "page-forgotPassword" */ './pages/auth/forgot-password'),
  resetPassword: () => import(/* webpackChunkName: "page-resetPassword" */ './pages/auth/reset-password'),
  confirmEmail: () => import(/* webpackChunkName: "page-confirmEmail" */ './pages/auth/confirm-email'),
  verifyEmail: () => import(/* webpackChunkName: "page-verifyEmail" */ './pages/auth/verify-email'),
  profile: () => import(/* webpackChunkName: "page-profile" */ './pages/account/profile'),
  savedSearches: () => import(/* webpackChunkName: "page-savedSearches" */ './pages/saved-searches'),
  unsubscribe: () => import(/* webpackChunkName: "page-unsubscribe" */ './pages/unsubscribe'),
  search: () => import(/* webpackChunkName: "page-search" */ './pages/search'),
  vehicle: () => import(/* webpackChunkName: "page-vehicle" */ './pages/vehicle'),
  vehicleRedirect: () => import(/* webpackChunkName: "page-vehicleRedirect" */ './pages/vehicle/redirect'),
  howItWorks: () => import(/* webpackChunkName: "page-howItWorks" */ './pages/how-it-works'),
  financing: () => import(/* webpackChunkName: "page-financing" */ './pages/financing'),
  faq: () => import(/* webpackChunkName: "page-faq" */ './pages/faq'),
  privacyPolicy: () => import(/* webpackChunkName: "page-privacyPolicy" */ './pages/privacy-policy'),
  dashboard: () => import(/* webpackChunkName: "page-dashboard" */ './pages/account/dashboard'),
  createListing: () => import(/* webpackChunkName: "page-createListing" */ './pages/account/create-listing'),
  editListing: () => import(/* webpackChunkName: "page-editListing" */ './pages/account/edit-listing'),
  saved: () => import(/* webpackChunkName: "page-saved" */ './pages/saved'),
  admin: () => import(/* webpackChunkName: "page-admin" */ './pages/admin'),
  notFound: () => import(/* webpackChunkName: "page-notFound" */ './pages/not-found'),
};

/** The page chunk a path needs: its route's page in the shared table, the 404 page otherwise. */
export function loaderForPath(pathname: string): PageLoader {
  const match = matchSiteRoute(pathname.replace(/\/+$/, '') || '/');
  return match ? pageLoaders[match.route.page] : pageLoaders.notFound;
}
