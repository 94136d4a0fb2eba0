const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** US dollars without cents: 45999.5 → "$46,000". */
export function formatPrice(amount: number): string {
  return wholeDollars.format(amount);
}

/** A count with thousands separators, the same everywhere: 4322 → "4,322". */
export function formatCount(n: number): string {
  return grouped.format(n);
}

/** Miles with thousands separators: 12345 → "12,345 mi". */
export function formatMileage(miles: number): string {
  return `${grouped.format(miles)} mi`;
}

/** How far a listing is from the search's ZIP code: "Under 1 mi away", "12 mi away", "1,204 mi away". */
export function formatDistance(miles: number): string {
  return miles < 1 ? 'Under 1 mi away' : `${grouped.format(Math.round(miles))} mi away`;
}

/** "2021 BMW X5" (with the trim when asked and present). */
export function vehicleTitle(v: { year: number; make: string; model: string; trim?: string | null }, withTrim = false): string {
  const base = `${v.year} ${v.make} ${v.model}`;
  return withTrim && v.trim ? `${base} ${v.trim}` : base;
}
