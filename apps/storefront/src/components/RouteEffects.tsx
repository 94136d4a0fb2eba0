import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { apiRequest } from '../api/client';

/** Every route change: a page-visit tracking call (failures ignored) and scroll back to the top. */
export function RouteEffects() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    apiRequest('/api/analytics/track', { method: 'POST', body: { page: pathname } }).catch(() => undefined);
  }, [pathname]);
  return null;
}
