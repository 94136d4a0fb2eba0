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
/**
 * A car's features (age, log mileage, one flag per condition but the best) written into `into` from `at` (FEATURES
 * numbers): the fit keeps every listing's in one array, an estimate writes its own into ESTIMATE_FEATURES.
 */
function writeFeatures(l: Pick<PricingListing, 'year' | 'mileage' | 'condition'>, refYear: number, into: Float64Array, at: number): void {
  into[at] = refYear - l.year;
  into[at + 1] = Math.log1p(l.mileage / 10_000);
  for (let c = 1; c < CONDITIONS.length; c++) into[at + 1 + c] = l.condition === CONDITIONS[c] ? 1 : 0;
}

/** The FEATURES numbers of `values` from `at` times `b`, summed in order. */
/** The features of the car an estimate is for (estimate is synchronous: one buffer serves every call). */
const ESTIMATE_FEATURES = new Float64Array(FEATURES);

function dotAt(values: Float64Array, at: number, b: number[]): number {
  let s = 0;
  for (let i = 0; i < FEATURES; i++) s = s + values[at + i]! * b[i]!;
  return s;
}

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

/**
 * The median of `values`. Over a million values a sort held the thread for about 150 ms, and the refit took six
 * of them at once (its slices cannot cut a native sort): past SORTED_MEDIAN_MAX values the middle ones are
 * selected instead (quickselect, linear), the same numbers a sort puts there.
 */
export function median(values: ArrayLike<number>): number {
  const n = values.length;
  const copy = new Float64Array(n);
  let nan = false;
  for (let i = 0; i < n; i++) nan = (copy[i] = values[i]!) !== copy[i] || nan;
  if (n <= SORTED_MEDIAN_MAX || nan) {
    copy.sort();
    return n % 2 ? copy[(n - 1) / 2]! : (copy[n / 2 - 1]! + copy[n / 2]!) / 2;
  }
  const upper = select(copy, n >> 1);
  if (n % 2) return upper;
  // The lower middle: the largest of the values selection left below the upper one.
  let lower = -Infinity;
  for (let i = 0; i < n >> 1; i++) if (copy[i]! > lower) lower = copy[i]!;
  return (lower + upper) / 2;
}
const SORTED_MEDIAN_MAX = 1000;

/** Puts the k-th smallest of `a` (no NaN) at a[k], the smaller ones before it and the larger after, and answers it (Hoare's selection). */
function select(a: Float64Array, k: number): number {
  let left = 0;
  let right = a.length - 1;
  while (left < right) {
    // The pivot: the median of the first, middle and last values of the range.
    const mid = (left + right) >> 1;
    const x = a[left]!;
    const y = a[mid]!;
    const z = a[right]!;
    const pivot = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let i = left;
    let j = right;
    while (i <= j) {
      while (a[i]! < pivot) i++;
      while (a[j]! > pivot) j--;
      if (i <= j) {
        const t = a[i]!;
        a[i] = a[j]!;
        a[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return a[k]!;
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
  (l) => classOf(l.bodyType),
  (l) => `${l.makeKey}|${classOf(l.bodyType)}`,
  (l) => `${l.makeKey}|${l.modelKey}`,
];

/** bodyClassOf, remembered: a refit asks it of every listing at every level (a search of the filter options each). */
const bodyClasses = new Map<string | null, string>();
function classOf(bodyType: string | null): string {
  let found = bodyClasses.get(bodyType);
  if (found === undefined) {
    // Body types are a short vocabulary; the bound only guards against a caller passing free text.
    if (bodyClasses.size >= 1000) bodyClasses.clear();
    bodyClasses.set(bodyType, (found = bodyClassOf(bodyType)));
  }
  return found;
}

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
    const n = listings.length;
    // Each listing's group at each level, by its key made once, and its features in a flat array: a key or a
    // feature array made at each use (and a Map by listing) was about half of a refit's time at a million listings.
    const keys = LEVEL_KEYS.map(() => new Array<string>(n));
    let refYear = 0;
    const byModel = new Map<string, number[]>();
    for (let i = 0; i < n; i++) {
      const l = listings[i]!;
      if (l.year > refYear) refYear = l.year;
      for (let depth = 0; depth < LEVEL_KEYS.length; depth++) keys[depth]![i] = LEVEL_KEYS[depth]!(l);
      const key = keys[2]![i]!;
      const list = byModel.get(key);
      if (list) list.push(i);
      else byModel.set(key, [i]);
      if (slicer.due()) await slicer.breathe();
    }
    const x = new Float64Array(n * FEATURES);
    for (let i = 0; i < n; i++) {
      writeFeatures(listings[i]!, refYear, x, i * FEATURES);
      if (slicer.due()) await slicer.breathe();
    }
    const beta = await fitSlopes(byModel, listings, x, slicer);

    // Adjusted log prices, clipped within their model (one robust spread for the whole market). `order`: the
    // listings model by model, the order every pass below sums in.
    const raw = new Float64Array(n);
    const order = new Int32Array(n);
    let placed = 0;
    const deviations = new Float64Array(n);
    let deviated = 0;
    const medians = new Map<string, number>();
    for (const [key, list] of byModel) {
      const adj = list.map((i) => Math.log(listings[i]!.price) - dotAt(x, i * FEATURES, beta));
      const med = median(adj);
      medians.set(key, med);
      list.forEach((i, k) => {
        raw[i] = adj[k]!;
        order[placed++] = i;
      });
      if (list.length > 1) for (const a of adj) deviations[deviated++] = Math.abs(a - med);
      if (slicer.due(list.length)) await slicer.breathe();
    }
    const spread = deviated > 0 ? 1.4826 * median(deviations.subarray(0, deviated)) || 0.1 : 0.1;
    const own = new Map<number, number>();
    const market: Group = { n: 0, sum: 0, sumSq: 0 };
    const levels: Level[] = LEVEL_KEYS.map((key) => ({ key, groups: new Map<string, Group>(), sigma2: 0, tau2: 0 }));
    for (let k = 0; k < n; k++) {
      const i = order[k]!;
      const l = listings[i]!;
      const med = medians.get(keys[2]![i]!)!;
      const a = Math.min(med + CLIP * spread, Math.max(med - CLIP * spread, raw[i]!));
      if (l.id !== null) own.set(l.id, a);
      add(market, a);
      for (let depth = 0; depth < levels.length; depth++) {
        const key = keys[depth]![i]!;
        const groups = levels[depth]!.groups;
        let group = groups.get(key);
        if (!group) groups.set(key, (group = { n: 0, sum: 0, sumSq: 0 }));
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
      const ownKeys = keys[depth]!;
      const parentKeys = depth === 0 ? undefined : keys[depth - 1]!;
      const parentMean = (i: number): number => {
        const parent = parentKeys === undefined ? market : levels[depth - 1]!.groups.get(parentKeys[i]!)!;
        return parent.sum / parent.n;
      };
      // Only groups with a sibling say how far groups stray from their parent: a make's only SUV model is its
      // SUVs' mean, and counting it would claim that every model matches its make's class exactly.
      const parentKey = (i: number) => (parentKeys === undefined ? '' : parentKeys[i]!);
      const children = new Map<string, Set<string>>();
      for (let k = 0; k < n; k++) {
        const i = order[k]!;
        const parent = parentKey(i);
        const set = children.get(parent) ?? new Set<string>();
        set.add(ownKeys[i]!);
        children.set(parent, set);
        if (slicer.due()) await slicer.breathe();
      }
      let between = 0;
      let weight = 0;
      const seen = new Set<string>();
      for (let k = 0; k < n; k++) {
        if (slicer.due()) await slicer.breathe();
        const i = order[k]!;
        const key = ownKeys[i]!;
        if (seen.has(key)) continue;
        seen.add(key);
        if (children.get(parentKey(i))!.size < 2) continue;
        const g = level.groups.get(key)!;
        const gap = g.sum / g.n - parentMean(i);
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
    writeFeatures(l, this.refYear, ESTIMATE_FEATURES, 0);
    const expected = Math.exp(level + dotAt(ESTIMATE_FEATURES, 0, this.beta));
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
async function fitSlopes(byModel: Map<string, number[]>, listings: readonly PricingListing[], features: Float64Array, slicer: TimeSlicer): Promise<number[]> {
  // The rows of every model with two listings or more, each demeaned within its model: x (FEATURES a row) and y.
  let rows = 0;
  for (const list of byModel.values()) if (list.length >= 2) rows += list.length;
  const xs = new Float64Array(rows * FEATURES);
  const ys = new Float64Array(rows);
  let r = 0;
  const mx = new Float64Array(FEATURES);
  for (const list of byModel.values()) {
    if (slicer.due()) await slicer.breathe();
    if (list.length < 2) continue;
    mx.fill(0);
    let my = 0;
    for (const i of list) {
      for (let j = 0; j < FEATURES; j++) mx[j] += features[i * FEATURES + j]!;
      my += Math.log(listings[i]!.price);
    }
    for (let j = 0; j < FEATURES; j++) mx[j] /= list.length;
    my /= list.length;
    for (const i of list) {
      for (let j = 0; j < FEATURES; j++) xs[r * FEATURES + j] = features[i * FEATURES + j]! - mx[j]!;
      ys[r] = Math.log(listings[i]!.price) - my;
      r += 1;
      if (slicer.due()) await slicer.breathe();
    }
  }
  let beta = [...PRIOR_SLOPES];
  const weights = new Float64Array(rows).fill(1);
  for (let iteration = 0; iteration < 6 && rows > 0; iteration++) {
    const a = Array.from({ length: FEATURES }, (_, i) => Array.from({ length: FEATURES }, (_, j) => (i === j ? PRIOR_WEIGHT * PRIOR_FEATURE_VARIANCE[i]! : 0)));
    const b = PRIOR_SLOPES.map((s, i) => PRIOR_WEIGHT * PRIOR_FEATURE_VARIANCE[i]! * s);
    for (let row = 0; row < rows; row++) {
      const w = weights[row]!;
      const at = row * FEATURES;
      const y = ys[row]!;
      for (let i = 0; i < FEATURES; i++) {
        const xi = xs[at + i]!;
        if (xi === 0) continue;
        b[i] += w * xi * y;
        const ai = a[i]!;
        for (let j = 0; j < FEATURES; j++) ai[j] += w * xi * xs[at + j]!;
      }
      if (slicer.due()) await slicer.breathe();
    }
    beta = solve(a, b);
    const residuals = new Float64Array(rows);
    const sizes = new Float64Array(rows);
    for (let row = 0; row < rows; row++) {
      residuals[row] = ys[row]! - dotAt(xs, row * FEATURES, beta);
      sizes[row] = Math.abs(residuals[row]!);
      if (slicer.due()) await slicer.breathe();
    }
    const scale = 1.4826 * median(sizes) || 1;
    if (slicer.due(rows)) await slicer.breathe();
    for (let row = 0; row < rows; row++) {
      const e = residuals[row]!;
      weights[row] = Math.abs(e / scale) <= HUBER_K ? 1 : HUBER_K / Math.abs(e / scale);
      if (slicer.due()) await slicer.breathe();
    }
  }
  return beta;
}
