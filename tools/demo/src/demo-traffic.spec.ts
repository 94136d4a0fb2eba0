import { SHOOT_VIEWS } from './car-photo/car-photo';
import { buildDemoListings } from './demo-listings';
import { buildDemoTraffic } from './demo-traffic';

describe('the demo photo shoot', () => {
  it('gives every listing 6 to 8 photos from different angles, cover first', () => {
    const listings = buildDemoListings(new Date('2026-11-23T12:00:00Z'), 5);
    for (const l of listings) {
      expect(l.photoCount).toBeGreaterThanOrEqual(6);
      expect(l.photoCount).toBeLessThanOrEqual(8);
    }
    expect(new Set(SHOOT_VIEWS).size).toBe(SHOOT_VIEWS.length);
    expect(SHOOT_VIEWS.length).toBeGreaterThanOrEqual(8);
    expect(SHOOT_VIEWS[0]).toBe('front');
  });
});

describe('the demo traffic', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  const visits = buildDemoTraffic(now, [0, 1, 2, 3, 4, 5]);
  const perDay = new Map<string, Set<string>>();
  for (const v of visits) {
    const day = v.at.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? new Set()).add(v.visitor));
  }
  const days = [...perDay.keys()].sort();

  it('covers the 90 days before today (late visits running into today), in the past only', () => {
    expect(days[0]).toBe('2026-08-25');
    expect(days).toContain('2026-11-22');
    expect(days.length).toBeGreaterThanOrEqual(90);
    expect(days.at(-1)! <= '2026-11-23').toBe(true);
    expect(visits.every((v) => Date.parse(v.at) < now.getTime())).toBe(true);
  });

  it('grows over the period, with busier weekends', () => {
    const visitors = (from: number, to: number) => days.slice(from, to).reduce((n, d) => n + perDay.get(d)!.size, 0) / (to - from);
    expect(visitors(76, 90)).toBeGreaterThan(visitors(0, 14) * 2);
    const weekend = days.filter((d) => [0, 6].includes(new Date(d).getUTCDay()));
    const weekdays = days.filter((d) => ![0, 6].includes(new Date(d).getUTCDay()));
    const mean = (ds: string[]) => ds.reduce((n, d) => n + perDay.get(d)!.size, 0) / ds.length;
    expect(mean(weekend.slice(-4))).toBeGreaterThan(mean(weekdays.slice(-10)));
  });

  it('visits listing pages by bundle index and the site pages', () => {
    expect(visits.some((v) => /^\/vehicles\/\{listing:[0-5]\}$/.test(v.page))).toBe(true);
    expect(visits.some((v) => v.page === '/')).toBe(true);
    expect(visits.every((v) => v.page.startsWith('/'))).toBe(true);
  });
});
