import { bodyClassOf, MAX_ESTIMATE_SPREAD, type MarketBasis } from '@app/shared';
import { TimeSlicer } from '../../../infra/jobs/time-slice';

/** What the market model reads of a listing or of a past sale (id: null for a sale, never left out). */
export interface PricingListing {
  id: number | null;
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
  /** What the estimate rests on: the model's own comparables, or its class (make and body class, class, market). */
  basis: MarketBasis;
  /** The number of cars of that basis (the listing itself left out). */
  comparables: number;
  /** Standard error of the estimate's level on the log scale (0.05 ≈ 5 %): above MAX_ESTIMATE_SPREAD, no estimate. */
  spread: number;
  /** The spread of one car's price around the estimate (log scale): the level's error and the model's own spread. */
  priceSpread: number;
}

const CONDITIONS = ['excellent', 'very-good', 'good', 'fair', 'poor'];
const FEATURES = 2 + CONDITIONS.length - 1;
const HUBER_K = 1.345;
/** Adjusted prices further than this many robust spreads from their model's median are clipped to it. */
const CLIP = 3;

/**
 * The whole-market curves that the slopes shrink toward when the data are thin: about 8 % a year of age,
 * 10 % per doubling of (1 + miles / 10,000), and the usual condition discounts. Weighted as PRIOR_WEIGHT
 * pseudo-listings: negligible with a market of thousands, decisive with a handful of listings per model.
 */
const PRIOR_SLOPES = [-0.08, -0.1, -0.04, -0.09, -0.2, -0.36];
const PRIOR_FEATURE_VARIANCE = [9, 0.4, 0.15, 0.15, 0.08, 0.04];
const PRIOR_WEIGHT = 25;
/** Between-group spread floor (log scale): no level is assumed to match its parent exactly. */
const MIN_TAU2 = 0.02 ** 2;
/** Between-group spread assumed where no parent has two groups to compare (20 %): a new model is not its make's other one. */
const UNKNOWN_TAU2 = 0.2 ** 2;

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

function median(values: number[]): number {
  const sorted = Float64Array.from(values).sort();
  const n = sorted.length;
  return n % 2 ? sorted[(n - 1) / 2]! : (sorted[n / 2 - 1]! + sorted[n / 2]!) / 2;
}

/** Sums of one group's adjusted log prices. */
interface Group {
  n: number;
  sum: number;
  sumSq: number;
}

/** One level of the hierarchy: its groups, pooled within-group variance and between-group variance. */
interface Level {
  key: (l: Omit<PricingListing, 'price' | 'id'>) => string;
  groups: Map<string, Group>;
  sigma2: number;
  tau2: number;
}

const LEVEL_KEYS: ((l: Omit<PricingListing, 'price' | 'id'>) => string)[] = [
  (l) => bodyClassOf(l.bodyType),
  (l) => `${l.makeKey}|${bodyClassOf(l.bodyType)}`,
  (l) => `${l.makeKey}|${l.modelKey}`,
];

/**
 * A fitted market, by hierarchical (empirical-Bayes) shrinkage:
 *
 * - adjustment slopes shared by every model: a robust Huber fit of log price on age, log mileage and
 *   condition within model groups (each model keeps its own level), shrunk toward whole-market curves;
 * - each listing's adjusted log price (its price with age, mileage and condition taken out), clipped to
 *   its model's median ± 3 robust spreads;
 * - levels: the whole market, the body class (SUV, sedan…), the make within the class, the model. Each
 *   group's level is its mean, pulled toward its parent's level by the weight its data carry against the
 *   spread between groups of that level (σ² / n against τ², both estimated from the data), so a model with
 *   40 sales stands on its own while one with 2 leans on the make's cars of its class.
 *
 * An estimate leaves the listing itself out (exactly: groups keep sums), says what it rests on (the model's
 * comparables when they carry at least half the weight, else the class) and is refused when its level's
 * standard error is above MAX_ESTIMATE_SPREAD. Fit and estimate are linear in the number of listings.
 *
 * The fit runs on the API's own thread and gives the event loop a turn every few milliseconds (TimeSlicer):
 * over a million listings it takes seconds, and requests must not wait for it (issue 28).
 */
export class MarketModel {
  private constructor(
    private readonly beta: number[],
    private readonly refYear: number,
    private readonly market: Group,
    private readonly marketSigma2: number,
    private readonly levels: Level[],
    private readonly own: Map<number, number>,
  ) {}

  static async fit(listings: readonly PricingListing[], slicer = new TimeSlicer()): Promise<MarketModel> {
    let refYear = 0;
    const byModel = new Map<string, PricingListing[]>();
    for (const l of listings) {
      if (l.year > refYear) refYear = l.year;
      const key = LEVEL_KEYS[2]!(l);
      const list = byModel.get(key);
      if (list) list.push(l);
      else byModel.set(key, [l]);
      if (slicer.due()) await slicer.breathe();
    }
    const beta = await fitSlopes(byModel, refYear, slicer);

    // Adjusted log prices, clipped within their model (one robust spread for the whole market).
    const adjusted = new Map<PricingListing, number>();
    const deviations: number[] = [];
    const medians = new Map<string, number>();
    for (const [key, list] of byModel) {
      const adj = list.map((l) => Math.log(l.price) - dot(features(l, refYear), beta));
      const med = median(adj);
      medians.set(key, med);
      list.forEach((l, i) => adjusted.set(l, adj[i]!));
      if (list.length > 1) for (const a of adj) deviations.push(Math.abs(a - med));
      if (slicer.due()) await slicer.breathe();
    }
    const spread = deviations.length > 0 ? 1.4826 * median(deviations) || 0.1 : 0.1;
    const own = new Map<number, number>();
    const market: Group = { n: 0, sum: 0, sumSq: 0 };
    const levels: Level[] = LEVEL_KEYS.map((key) => ({ key, groups: new Map<string, Group>(), sigma2: 0, tau2: 0 }));
    for (const [l, raw] of adjusted) {
      const med = medians.get(LEVEL_KEYS[2]!(l))!;
      const a = Math.min(med + CLIP * spread, Math.max(med - CLIP * spread, raw));
      if (l.id !== null) own.set(l.id, a);
      add(market, a);
      for (const level of levels) {
        const key = level.key(l);
        let group = level.groups.get(key);
        if (!group) level.groups.set(key, (group = { n: 0, sum: 0, sumSq: 0 }));
        add(group, a);
      }
      if (slicer.due()) await slicer.breathe();
    }
    const marketSigma2 = variance(market);
    // Each level's within-group variance (pooled) and between-group variance around its parent's mean
    // (method of moments, weighted by group size, floored).
    for (const [depth, level] of levels.entries()) {
      let ss = 0;
      let dof = 0;
      for (const g of level.groups.values()) {
        if (g.n < 2) continue;
        ss += g.sumSq - (g.sum * g.sum) / g.n;
        dof += g.n - 1;
      }
      level.sigma2 = dof > 0 ? Math.max(ss / dof, 1e-4) : marketSigma2 || 0.04;
      const parentMean = (l: Omit<PricingListing, 'price' | 'id'>): number => {
        const parent = depth === 0 ? market : levels[depth - 1]!.groups.get(levels[depth - 1]!.key(l))!;
        return parent.sum / parent.n;
      };
      // Only groups with a sibling say how far groups stray from their parent: a make's only SUV model is its
      // SUVs' mean, and counting it would claim that every model matches its make's class exactly.
      const parentKey = (l: Omit<PricingListing, 'price' | 'id'>) => (depth === 0 ? '' : levels[depth - 1]!.key(l));
      const children = new Map<string, Set<string>>();
      for (const l of adjusted.keys()) {
        const parent = parentKey(l);
        const set = children.get(parent) ?? new Set<string>();
        set.add(level.key(l));
        children.set(parent, set);
        if (slicer.due()) await slicer.breathe();
      }
      let between = 0;
      let weight = 0;
      const seen = new Set<string>();
      for (const l of adjusted.keys()) {
        if (slicer.due()) await slicer.breathe();
        const key = level.key(l);
        if (seen.has(key)) continue;
        seen.add(key);
        if (children.get(parentKey(l))!.size < 2) continue;
        const g = level.groups.get(key)!;
        const gap = g.sum / g.n - parentMean(l);
        between += g.n * (gap * gap - level.sigma2 / g.n);
        weight += g.n;
      }
      level.tau2 = Math.max(MIN_TAU2, weight > 0 ? between / weight : UNKNOWN_TAU2);
    }
    return new MarketModel(beta, refYear, market, marketSigma2, levels, own);
  }

  /** How many cars (listings and past sales) the model was fitted on. */
  get size(): number {
    return this.market.n;
  }

  /**
   * The listing's expected price (its own contribution left out when it was part of the fit), or null
   * when the estimate is not confident enough to rate a price.
   */
  estimate(l: Omit<PricingListing, 'price'>): MarketEstimate | null {
    const mine = l.id === null ? undefined : this.own.get(l.id);
    const without = (g: Group | undefined): Group => {
      if (!g) return { n: 0, sum: 0, sumSq: 0 };
      return mine === undefined ? g : { n: g.n - 1, sum: g.sum - mine, sumSq: g.sumSq - mine * mine };
    };
    const market = without(this.market);
    if (market.n < 2) return null;
    let level = market.sum / market.n;
    let v = this.marketSigma2 / market.n;
    const counts: number[] = [];
    let ownWeight = 0;
    for (const lv of this.levels) {
      const g = without(lv.groups.get(lv.key(l)));
      counts.push(g.n);
      const prior = 1 / (lv.tau2 + v);
      const data = g.n / lv.sigma2;
      const mean = g.n > 0 ? g.sum / g.n : 0;
      level = (prior * level + data * mean) / (prior + data);
      v = 1 / (prior + data);
      ownWeight = data / (prior + data);
    }
    const spread = Math.sqrt(v);
    if (!(spread <= MAX_ESTIMATE_SPREAD)) return null;
    const expected = Math.exp(level + dot(features(l, this.refYear), this.beta));
    if (!Number.isFinite(expected) || expected <= 0) return null;
    const [classCount, , modelCount] = counts as [number, number, number];
    const basis: MarketBasis = ownWeight >= 0.5 ? 'model' : classCount > 0 ? 'class' : 'market';
    const comparables = basis === 'model' ? modelCount : basis === 'class' ? classCount : market.n;
    const priceSpread = Math.sqrt(v + this.levels[this.levels.length - 1]!.sigma2);
    return { expectedPrice: Math.round(expected), basis, comparables, spread, priceSpread };
  }
}

function add(g: Group, value: number): void {
  g.n += 1;
  g.sum += value;
  g.sumSq += value * value;
}

function variance(g: Group): number {
  return g.n > 1 ? Math.max((g.sumSq - (g.sum * g.sum) / g.n) / (g.n - 1), 1e-4) : 0.04;
}

/** The shared slopes: a Huber fit on rows demeaned within their model, shrunk toward PRIOR_SLOPES. */
async function fitSlopes(byModel: Map<string, PricingListing[]>, refYear: number, slicer: TimeSlicer): Promise<number[]> {
  const rows: { x: number[]; y: number }[] = [];
  for (const list of byModel.values()) {
    if (slicer.due()) await slicer.breathe();
    if (list.length < 2) continue;
    const xs = list.map((l) => features(l, refYear));
    const ys = list.map((l) => Math.log(l.price));
    const mx = Array.from({ length: FEATURES }, (_, j) => xs.reduce((s, x) => s + x[j]!, 0) / xs.length);
    const my = ys.reduce((s, y) => s + y, 0) / ys.length;
    for (const [i, x] of xs.entries()) {
      rows.push({ x: x.map((v, j) => v - mx[j]!), y: ys[i]! - my });
      if (slicer.due()) await slicer.breathe();
    }
  }
  let beta = [...PRIOR_SLOPES];
  let weights = rows.map(() => 1);
  for (let iteration = 0; iteration < 6 && rows.length > 0; iteration++) {
    const a = Array.from({ length: FEATURES }, (_, i) => Array.from({ length: FEATURES }, (_, j) => (i === j ? PRIOR_WEIGHT * PRIOR_FEATURE_VARIANCE[i]! : 0)));
    const b = PRIOR_SLOPES.map((s, i) => PRIOR_WEIGHT * PRIOR_FEATURE_VARIANCE[i]! * s);
    for (const [r, { x, y }] of rows.entries()) {
      const w = weights[r]!;
      for (let i = 0; i < FEATURES; i++) {
        if (x[i] === 0) continue;
        b[i] += w * x[i]! * y;
        for (let j = 0; j < FEATURES; j++) a[i]![j] += w * x[i]! * x[j]!;
      }
      if (slicer.due()) await slicer.breathe();
    }
    beta = solve(a, b);
    const residuals = new Float64Array(rows.length);
    for (const [r, { x, y }] of rows.entries()) {
      residuals[r] = y - dot(x, beta);
      if (slicer.due()) await slicer.breathe();
    }
    const scale = 1.4826 * median(Array.from(residuals, Math.abs)) || 1;
    weights = Array.from(residuals, (e) => (Math.abs(e / scale) <= HUBER_K ? 1 : HUBER_K / Math.abs(e / scale)));
  }
  return beta;
}
