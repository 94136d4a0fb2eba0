import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { deferred } from '../lib/deferred';
import { Header } from './Header';
import './Footer.css';
import { PageSpinner } from './PageSpinner';

/** Below every page: loaded, and taken over from the server's drawing, as the visitor nears it. */
const Footer = deferred(() => import(/* webpackChunkName: "footer" */ './Footer'));

/** The site's frame: skip link, header, the page, footer. Toasts and route effects sit above it. */
export function Layout() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" className="site-main" tabIndex={-1}>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </>
  );
}
