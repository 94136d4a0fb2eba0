import type { BundleVisit } from '@app/shared';
import { prng } from './demo-listings';
import { USER_AGENTS } from './demo-people';

const DAY_MS = 24 * 3600_000;
const CONTENT_PAGES = ['/how-it-works', '/financing', '/faq', '/privacy-policy', '/auth', '/saved'];

/**
 * 90 days of plausible site traffic, oldest first: visitors grow from about 35 to about 120 a day, weekends
 * bring a third more, evenings are busiest; a visit lands on the home page, a search or a listing and looks
 * at a few more pages a minute or two apart. Popular listings (low indexes are the newest) are seen most.
 * Listing pages are written `/vehicles/{listing:N}`, N the bundle's listing index.
 */
export function buildDemoTraffic(now: Date, publicListings: readonly number[], days = 90): BundleVisit[] {
  const random = prng(90_2026);
  const visits: BundleVisit[] = [];
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const listingPage = () => `/vehicles/{listing:${publicListings[Math.floor(Math.pow(random(), 1.8) * publicListings.length)]}}`;
  const startOfToday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  let visitor = 0;
  for (let d = days; d >= 1; d--) {
    const dayStart = startOfToday - d * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    const growth = 35 + (85 * (days - d)) / days;
    const visitors = Math.round(growth * (weekday === 0 || weekday === 6 ? 1.35 : 1) * (0.85 + random() * 0.3));
    for (let v = 0; v < visitors; v++) {
      const id = `demo-${(visitor += 1).toString(36)}`;
      const userAgent = pick(USER_AGENTS);
      // Evenings (US time, UTC-5) are busiest: a bell around 01:00 UTC.
      const hour = (25 + (random() + random() + random() - 1.5) * 9 + 24) % 24;
      let at = dayStart + hour * 3600_000 + Math.floor(random() * 3600_000);
      const landing = random();
      const pages = [landing < 0.45 ? '/' : landing < 0.75 ? `/search${random() < 0.5 ? '' : `?make=${pick(['BMW', 'Porsche', 'Lexus', 'Mercedes-Benz', 'Toyota'])}`}` : listingPage()];
      const more = Math.floor(random() * random() * 7);
      for (let p = 0; p < more; p++) pages.push(random() < 0.6 ? listingPage() : random() < 0.7 ? '/search' : pick(CONTENT_PAGES));
      for (const page of pages) {
        if (at >= now.getTime()) break;
        visits.push({ visitor: id, page, at: new Date(at).toISOString(), userAgent });
        at += 20_000 + Math.floor(random() * 150_000);
      }
    }
  }
  return visits;
}
