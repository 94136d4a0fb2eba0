import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { api } from '../api/client';

/** Every route change: a page-visit tracking call (failures ignored) and scroll back to the top. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    api.request('/api/analytics/track', { method: 'POST', json: { page: pathname } }).catch(() => undefined);
  }, [pathname]);
  return null;
}
