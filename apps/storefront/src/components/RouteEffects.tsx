import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api/client';

/** How long to wait for a new page's main heading (pages load their code and data first). */
const HEADING_WAIT_MS = 3000;

/**
 * Every route change: a page-visit tracking call (failures ignored), scroll back to the top, and, as
 * screen-reader users expect of a page load, focus on the new page's main heading and the new page's title
 * announced. The first page load keeps the browser's own focus.
 */
export function RouteEffects() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    window.scrollTo(0, 0);
    api.request('/api/analytics/track', { method: 'POST', json: { page: pathname } }).catch(() => undefined);
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    const started = Date.now();
    const focusHeading = () => {
      if (cancelled) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (!heading || document.querySelector('main [aria-busy="true"]')) {
        if (Date.now() - started < HEADING_WAIT_MS) window.setTimeout(focusHeading, 50);
        return;
      }
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      // A field of the new page the user already moved to keeps the focus.
      if (document.activeElement?.matches('main input, main select, main textarea')) return;
      heading.focus({ preventScroll: true });
      setAnnouncement(document.title);
    };
    window.setTimeout(focusHeading, 0);
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {announcement}
    </div>
  );
}
