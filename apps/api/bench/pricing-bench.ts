/**
 * `npm run bench:pricing [-- --n 5000]`: the deal rating's market model on generated listings whose prices
 * come from a known function (make/model level, age, mileage, condition) with log-normal noise. Fits on
 * 80 %, estimates the held-out 20 % from their comparables and prints the median absolute percentage
 * error of the expected price against the held-out prices, with the share that got an estimate, on thin
 * inventory (200 listings: a site at launch) and larger markets, and by what each estimate rests on (the
 * model's comparables or its class); then times a refit of 100,000 listings (`--refit <n>`: fit plus every listing's
 * leave-one-out estimate, in memory), with how long the event loop waited meanwhile (the fit's slices).
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MarketModel, type PricingListing } from '../src/modules/vehicles/pricing/market-model';

function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOISE = 0.07;
const CONDITION_FACTOR: Record<string, number> = { excellent: 1, 'very-good': 0.95, good: 0.9, fair: 0.8, poor: 0.68 };
const BODIES = ['sedan', 'suv', 'coupe', 'truck', 'wagon', 'convertible'];

/** `n` listings from 15 makes × 6 models with their own price levels and bodies. */
function generate(n: number, seed: number): PricingListing[] {
  const random = rng(seed);
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const models = Array.from({ length: 90 }, (_, i) => ({
    makeKey: `make${Math.floor(i / 6)}`,
    modelKey: `model${i}`,
    bodyType: BODIES[Math.floor(random() * BODIES.length)]!,
    base: Math.exp(Math.log(22_000) + random() * Math.log(9)), // $22k to $200k when new
    weight: 0.2 + random() ** 2 * 3, // some models are common, some rare
  }));
  const totalWeight = models.reduce((s, m) => s + m.weight, 0);
  const pick = () => {
    let r = random() * totalWeight;
    for (const m of models) if ((r -= m.weight) <= 0) return m;
    return models[models.length - 1]!;
  };
  const conditions = Object.keys(CONDITION_FACTOR);
  return Array.from({ length: n }, (_, id) => {
    const m = pick();
    const year = 2012 + Math.floor(random() * 14);
    const age = 2026 - year;
    const mileage = Math.round(Math.max(500, age * 12_000 * (0.4 + random() * 1.2)));
    const condition = conditions[Math.min(conditions.length - 1, Math.floor(random() ** 1.6 * conditions.length))]!;
    const price = m.base * Math.exp(-0.09 * age) * (1 + mileage / 10_000) ** -0.1 * CONDITION_FACTOR[condition]! * Math.exp(NOISE * normal());
    return { id: id + 1, makeKey: m.makeKey, modelKey: m.modelKey, bodyType: m.bodyType, year, mileage, condition, price: Math.round(price) };
  });
}

async function heldOutError(n: number): Promise<{ mape: number; covered: number; seconds: number; byBasis: string }> {
  const listings = generate(n, 2026);
  const test = listings.filter((_, i) => i % 5 === 0);
  const train = listings.filter((_, i) => i % 5 !== 0);
  const started = performance.now();
  const model = await MarketModel.fit(train);
  const errors: number[] = [];
  const bases = new Map<string, number[]>();
  for (const l of test) {
    const estimate = model.estimate(l);
    if (!estimate) continue;
    const error = Math.abs(estimate.expectedPrice - l.price) / l.price;
    errors.push(error);
    bases.set(estimate.basis, [...(bases.get(estimate.basis) ?? []), error]);
  }
  const medianOf = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;
  const byBasis = [...bases].map(([basis, list]) => `${basis} ${list.length}: ${(medianOf(list) * 100).toFixed(2)} %`).join(', ');
  return { mape: medianOf(errors), covered: errors.length / test.length, seconds: (performance.now() - started) / 1000, byBasis };
}

/** A refit's time, and the longest the event loop waited meanwhile (the fit gives it a turn every few ms: TimeSlicer). */
async function refitSeconds(n: number): Promise<{ seconds: number; p99Ms: number; maxMs: number }> {
  const listings = generate(n, 7);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  const model = await MarketModel.fit(listings);
  // The estimates below run in one go here (the refit gives turns between them too).
  delay.disable();
  let rated = 0;
  for (const l of listings) if (model.estimate(l)) rated += 1;
  if (rated === 0) throw new Error('nothing rated');
  const seconds = (performance.now() - started) / 1000;
  return { seconds, p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
}

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};

const n = arg('n', 5000);
const refitN = arg('refit', 100_000);
async function main(): Promise<void> {
  for (const size of [...new Set([200, 1000, n])]) {
    const r = await heldOutError(size);
    console.log(
      `${size.toLocaleString('en-US')} listings${size === 200 ? ' (thin inventory)' : ''}: median absolute error of the expected price on held-out listings ${(r.mape * 100).toFixed(2)} % ` +
        `(${(r.covered * 100).toFixed(1)} % of them rated; by basis: ${r.byBasis || 'none'}; noise in the generated prices ${(NOISE * 100).toFixed(0)} % log-normal)`,
    );
  }
  const refit = await refitSeconds(refitN);
  console.log(
    `refit of ${refitN.toLocaleString('en-US')} listings (fit + every listing's estimate): ${refit.seconds.toFixed(2)} s; the fit kept the event loop waiting ${refit.p99Ms.toFixed(1)} ms at p99, ${refit.maxMs.toFixed(0)} ms at most; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
}

void main();
