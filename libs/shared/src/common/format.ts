// Whole numbers are grouped by hand rather than with Intl.NumberFormat: creating a currency formatter loads
// the locale's data, the largest single cost of a storefront page's start on a phone (about 90 ms of a
// Lighthouse mobile run), for output that en-US grouping of a rounded integer gives exactly.

/** A rounded whole number with en-US thousands separators, its sign apart: -1234.6 → ["-", "1,235"]. */
function grouped(n: number): [sign: string, digits: string] {
  const whole = Math.round(Math.abs(n));
  const digits = Number.isFinite(whole) ? String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : String(whole);
  return [n < 0 && whole !== 0 ? '-' : '', digits];
}

/** US dollars without cents: 45999.5 → "$46,000". */
export function formatPrice(amount: number): string {
  const [sign, digits] = grouped(amount);
  return `${sign}$${digits}`;
}

/** A count with thousands separators, the same everywhere: 4322 → "4,322". */
export function formatCount(n: number): string {
  return grouped(n).join('');
}

/** Miles with thousands separators: 12345 → "12,345 mi". */
export function formatMileage(miles: number): string {
  return `${formatCount(miles)} mi`;
}

/** How far a listing is from the search's ZIP code: "Under 1 mi away", "12 mi away", "1,204 mi away". */
export function formatDistance(miles: number): string {
  return miles < 1 ? 'Under 1 mi away' : `${formatCount(miles)} mi away`;
}

/** "2021 BMW X5" (with the trim when asked and present). */
export function vehicleTitle(v: { year: number; make: string; model: string; trim?: string | null }, withTrim = false): string {
  const base = `${v.year} ${v.make} ${v.model}`;
  return withTrim && v.trim ? `${base} ${v.trim}` : base;
}
