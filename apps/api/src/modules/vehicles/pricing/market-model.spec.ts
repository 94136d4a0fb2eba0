import { MAX_ESTIMATE_SPREAD } from '@app/shared';
import { TimeSlicer } from '../../../infra/jobs/time-slice';
import { MarketModel, median, type PricingListing } from './market-model';

/** Deterministic noise in [-1, 1]. */
const wobble = (i: number) => Math.sin(i * 12.9898) * 0.5 + Math.sin(i * 4.1414) * 0.5;

function cars(makeKey: string, modelKey: string, bodyType: string, level: number, n: number, firstId: number): PricingListing[] {
  return Array.from({ length: n }, (_, k) => {
    const year = 2018 + (k % 6);
    const mileage = 10_000 + ((k * 7919) % 60_000);
    const price = level * Math.exp(-0.08 * (2024 - year)) * (1 + mileage / 10_000) ** -0.1 * Math.exp(0.04 * wobble(firstId + k));
    return { id: firstId + k, makeKey, modelKey, bodyType, year, mileage, condition: 'excellent', price: Math.round(price) };
  });
}

describe('MarketModel', () => {
  it('rates a model with many comparables from them, leaving the listing itself out', async () => {
    const market = [...cars('porsche', 'cayenne', 'suv', 90_000, 30, 1), ...cars('bmw', 'x5', 'suv', 70_000, 30, 100)];
    const model = await MarketModel.fit(market);
    const one = market[3]!;
    const estimate = model.estimate(one)!;
    expect(estimate.basis).toBe('model');
    expect(estimate.comparables).toBe(29);
    expect(Math.abs(estimate.expectedPrice - one.price) / one.price).toBeLessThan(0.08);
    // Its own price does not move its estimate much (left out): a tenfold price changes nothing of it.
    const moved = (await MarketModel.fit(market.map((l) => (l.id === one.id ? { ...l, price: l.price * 10 } : l)))).estimate(one)!;
    expect(Math.abs(moved.expectedPrice - estimate.expectedPrice) / estimate.expectedPrice).toBeLessThan(0.01);
  });

  it('estimates a model with no listings of its own from its class when the class is tight, saying so', async () => {
    const market = [
      ...cars('toyota', 'rav4', 'suv', 30_000, 20, 1),
      ...cars('toyota', 'highlander', 'suv', 30_500, 20, 100),
      ...cars('toyota', 'c-hr', 'suv', 29_500, 20, 200),
      ...cars('toyota', 'venza', 'suv', 30_200, 20, 300),
    ];
    const model = await MarketModel.fit(market);
    const estimate = model.estimate({ id: null, makeKey: 'toyota', modelKey: 'corolla cross', bodyType: 'suv', year: 2022, mileage: 20_000, condition: 'excellent' })!;
    expect(estimate).not.toBeNull();
    expect(estimate.basis).toBe('class');
    expect(estimate.comparables).toBe(80);
    expect(estimate.spread).toBeLessThanOrEqual(MAX_ESTIMATE_SPREAD);
  });

  it('gives no estimate where the class says little (its models differ widely) and the model is unknown', async () => {
    const market = [
      ...cars('porsche', '911', 'coupe', 120_000, 20, 1),
      ...cars('porsche', 'cayman', 'coupe', 60_000, 20, 100),
      ...cars('chevrolet', 'corvette', 'coupe', 70_000, 20, 200),
      ...cars('mazda', 'mx-5', 'coupe', 25_000, 20, 300),
    ];
    const model = await MarketModel.fit(market);
    expect(model.estimate({ id: null, makeKey: 'porsche', modelKey: '918', bodyType: 'coupe', year: 2020, mileage: 5000, condition: 'excellent' })).toBeNull();
  });

  it('adjusts for mileage and condition with whole-market curves when the data are thin', async () => {
    const market = cars('honda', 'accord', 'sedan', 30_000, 6, 1);
    const model = await MarketModel.fit(market);
    const base = { id: null, makeKey: 'honda', modelKey: 'accord', bodyType: 'sedan', year: 2021 } as const;
    const low = model.estimate({ ...base, mileage: 20_000, condition: 'excellent' })!;
    const worn = model.estimate({ ...base, mileage: 120_000, condition: 'fair' })!;
    expect(low).not.toBeNull();
    expect(worn.expectedPrice).toBeLessThan(low.expectedPrice * 0.85);
  });
});

describe('MarketModel.fit on a large market', () => {
  const market = [
    ...cars('toyota', 'camry', 'sedan', 25_000, 20_000, 1),
    ...cars('toyota', 'rav4', 'suv', 30_000, 20_000, 100_000),
    ...cars('bmw', 'x5', 'suv', 70_000, 20_000, 200_000),
  ];

  it('gives the event loop turns while it fits, and fits exactly as in one go', async () => {
    // A slicer whose slices never end fits in one go; one that is always due hands over at every check.
    const whole = await MarketModel.fit(market, new TimeSlicer(Number.POSITIVE_INFINITY));
    const turns: number[] = [];
    const ticking = setInterval(() => turns.push(Date.now()), 0);
    const slicer = new TimeSlicer(0);
    try {
      const sliced = await MarketModel.fit(market, slicer);
      expect(slicer.breaths).toBeGreaterThan(100);
      expect(turns.length).toBeGreaterThan(10);
      for (const car of [market[0]!, market[25_000]!, market[59_999]!]) expect(sliced.estimate(car)).toEqual(whole.estimate(car));
    } finally {
      clearInterval(ticking);
    }
  });
});

describe('median', () => {
  const sorted = (values: number[]) => {
    const s = Float64Array.from(values).sort();
    const n = s.length;
    return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
  };

  it('selects past a thousand values the same middle values a sort puts there: odd and even counts, ties, infinities', () => {
    for (const n of [1001, 1002, 4096, 50_001]) {
      const values = Array.from({ length: n }, (_, i) => Math.round(Math.sin(i * 12.9898) * 1000) / 7);
      values[3] = Infinity;
      values[9] = -Infinity;
      // Many ties around the middle.
      for (let i = 0; i < n; i += 5) values[i] = 0.5;
      expect(median(values)).toBe(sorted(values));
      expect(median(values.slice().reverse())).toBe(sorted(values));
      expect(median(values.slice().sort((a, b) => a - b))).toBe(sorted(values));
    }
  });

  it('averages the two middle values of an even count of distinct values', () => {
    const values = Array.from({ length: 3000 }, (_, i) => ((i * 7919) % 3000) + i / 10_000);
    expect(median(values)).toBe(sorted(values));
    expect(median(values)).not.toBe(Float64Array.from(values).sort()[1500]);
  });

  it('sorts as before when a value is not a number', () => {
    const values = Array.from({ length: 2001 }, (_, i) => i);
    values[17] = NaN;
    expect(median(values)).toBe(sorted(values));
  });
});
