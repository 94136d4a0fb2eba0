import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { Header } from './Header';
import { PageSpinner } from './PageSpinner';

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
