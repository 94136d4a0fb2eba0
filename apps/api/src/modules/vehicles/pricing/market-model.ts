import { MIN_COMPARABLES } from '@app/shared';

/** What the market model reads of a listing. */
export interface PricingListing {
  id: number;
  makeKey: string;
  modelKey: string;
  bodyType: string | null;
  year: number;
  mileage: number;
  condition: string;
  price: number;
}

export interface MarketEstimate {
  expectedPrice: number;
  comparables: number;
}

/** Comparables are listings of the same model (or segment) whose year is within this many years. */
export const YEAR_WINDOW = 3;
/** The make and body-type segment stands in when a model has too few comparables; it needs more of them. */
const MIN_SEGMENT_COMPARABLES = 8;
const CONDITIONS = ['excellent', 'very-good', 'good', 'fair', 'poor'];
const FEATURES = 2 + CONDITIONS.length - 1;
const HUBER_K = 1.345;

/** The adjustment features: age in years, log of mileage (10,000-mile units), condition below excellent. */
function features(l: Pick<PricingListing, 'year' | 'mileage' | 'condition'>, refYear: number): number[] {
  const x = [refYear - l.year, Math.log1p(l.mileage / 10_000)];
  for (const c of CONDITIONS.slice(1)) x.push(l.condition === c ? 1 : 0);
  return x;
}

const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i]!, 0);

/** Solves A x = b (small, symmetric positive semi-definite) by Gaussian elimination with a ridge. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row.map((v, j) => v + (i === j ? 1e-6 : 0)), b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    const p = m[col]![col]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const f = m[r]![col]! / p;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

function median(sorted: Float64Array | number[], skip = -1): number {
  const n = sorted.length - (skip >= 0 ? 1 : 0);
  const at = (k: number) => sorted[skip >= 0 && k >= skip ? k + 1 : k]!;
  return n % 2 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}

interface GroupEntry {
  year: number;
  adj: number;
  id: number;
}

/**
 * A fitted market: adjustment slopes shared by every model (a robust Huber fit of log price on age, log
 * mileage and condition, within model groups so that each model keeps its own price level), and each
 * listing's adjusted log price by model and by make+body segment. The expected price of a listing is
 * the median adjusted price of its comparables (same model, year within YEAR_WINDOW; the segment when
 * the model has fewer than MIN_COMPARABLES) put back through its own features.
 */
export class MarketModel {
  private constructor(
    private readonly beta: number[],
    private readonly refYear: number,
    private readonly byModel: Map<string, GroupEntry[]>,
    private readonly bySegment: Map<string, GroupEntry[]>,
  ) {}

  static fit(listings: readonly PricingListing[]): MarketModel {
    const refYear = listings.reduce((max, l) => Math.max(max, l.year), 0);
    const groups = new Map<string, PricingListing[]>();
    for (const l of listings) {
      const key = modelKey(l);
      const list = groups.get(key);
      if (list) list.push(l);
      else groups.set(key, [l]);
    }
    // Demeaned rows (each model's own level removed), for the shared slopes.
    const rows: { x: number[]; y: number }[] = [];
    for (const list of groups.values()) {
      if (list.length < 2) continue;
      const xs = list.map((l) => features(l, refYear));
      const ys = list.map((l) => Math.log(l.price));
      const mx = Array.from({ length: FEATURES }, (_, j) => xs.reduce((s, x) => s + x[j]!, 0) / xs.length);
      const my = ys.reduce((s, y) => s + y, 0) / ys.length;
      xs.forEach((x, i) => rows.push({ x: x.map((v, j) => v - mx[j]!), y: ys[i]! - my }));
    }
    let beta = new Array<number>(FEATURES).fill(0);
    let weights = rows.map(() => 1);
    for (let iteration = 0; iteration < 6 && rows.length > FEATURES; iteration++) {
      const a = Array.from({ length: FEATURES }, () => new Array<number>(FEATURES).fill(0));
      const b = new Array<number>(FEATURES).fill(0);
      rows.forEach(({ x, y }, r) => {
        const w = weights[r]!;
        for (let i = 0; i < FEATURES; i++) {
          b[i] += w * x[i]! * y;
          for (let j = 0; j < FEATURES; j++) a[i]![j] += w * x[i]! * x[j]!;
        }
      });
      beta = solve(a, b);
      const residuals = rows.map(({ x, y }) => y - dot(x, beta));
      const scale = 1.4826 * median(Float64Array.from(residuals.map(Math.abs)).sort()) || 1;
      weights = residuals.map((e) => (Math.abs(e / scale) <= HUBER_K ? 1 : HUBER_K / Math.abs(e / scale)));
    }
    const byModel = new Map<string, GroupEntry[]>();
    const bySegment = new Map<string, GroupEntry[]>();
    const add = (map: Map<string, GroupEntry[]>, key: string, entry: GroupEntry) => {
      const list = map.get(key);
      if (list) list.push(entry);
      else map.set(key, [entry]);
    };
    for (const l of listings) {
      const entry = { year: l.year, adj: Math.log(l.price) - dot(features(l, refYear), beta), id: l.id };
      add(byModel, modelKey(l), entry);
      add(bySegment, segmentKey(l), entry);
    }
    for (const map of [byModel, bySegment]) for (const list of map.values()) list.sort((p, q) => p.adj - q.adj);
    return new MarketModel(beta, refYear, byModel, bySegment);
  }

  /** The listing's expected price from its comparables (never itself), or null when there are too few. */
  estimate(l: Omit<PricingListing, 'price'>): MarketEstimate | null {
    const own = this.level(this.byModel.get(modelKey(l)), l, MIN_COMPARABLES) ?? this.level(this.bySegment.get(segmentKey(l)), l, MIN_SEGMENT_COMPARABLES);
    if (!own) return null;
    const expected = Math.exp(own.level + dot(features(l, this.refYear), this.beta));
    return { expectedPrice: Math.round(expected), comparables: own.count };
  }

  /** Median adjusted log price of the group's listings within the year window, the listing itself left out. */
  private level(group: GroupEntry[] | undefined, l: Omit<PricingListing, 'price'>, minimum: number): { level: number; count: number } | null {
    if (!group) return null;
    const values: number[] = [];
    for (const e of group) if (e.id !== l.id && Math.abs(e.year - l.year) <= YEAR_WINDOW) values.push(e.adj);
    if (values.length < minimum) return null;
    return { level: median(values), count: values.length };
  }
}

const modelKey = (l: Pick<PricingListing, 'makeKey' | 'modelKey'>) => `${l.makeKey}|${l.modelKey}`;
const segmentKey = (l: Pick<PricingListing, 'makeKey' | 'bodyType'>) => `${l.makeKey}|${l.bodyType ?? ''}`;
