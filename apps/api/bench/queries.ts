import { SORT_NEEDS, SORT_OPTIONS } from '@app/shared';
import { BENCH_MAKES, METRO_ZIPS, random } from './seed';

/** One kind of search of the mix: a pool of query strings, picked at random per request. */
export interface QueryKind {
  name: string;
  /** Share of the realistic mix. */
  weight: number;
  paths: string[];
}

const q = (params: Record<string, string | number | string[] | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) search.append(key, String(v));
  }
  const text = search.toString();
  return `/api/vehicles/search${text ? `?${text}` : ''}`;
};

/** The search page's traffic as a buyer population makes it: what filters, how often, which pages. */
export function queryKinds(): QueryKind[] {
  const rnd = random(7);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const popularMakes = BENCH_MAKES.filter((mk) => mk.share >= 1);
  const many = (n: number, make: () => string) => [...new Set(Array.from({ length: n }, make))];
  const prices = [5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 75000, 100000];
  // Nearest first is in the radius kind (it needs a ZIP code), best match in the keyword kind.
  const sorts = SORT_OPTIONS.filter((s) => s !== 'views_asc' && s !== 'created_asc' && SORT_NEEDS[s] === undefined);

  return [
    { name: 'newest first, no filter', weight: 20, paths: [q({}), q({ sortBy: 'created_desc', limit: 24 })] },
    { name: 'make', weight: 15, paths: popularMakes.map((mk) => q({ make: mk.make.toLowerCase() })) },
    {
      name: 'make + model',
      weight: 12,
      paths: popularMakes.flatMap((mk) => mk.models.map((md) => q({ make: mk.make, model: md.model }))),
    },
    {
      name: 'price range',
      weight: 10,
      paths: many(40, () => {
        const i = Math.floor(rnd() * (prices.length - 1));
        return q({ minPrice: rnd() < 0.5 ? prices[i] : undefined, maxPrice: pick(prices.slice(i + 1)) });
      }),
    },
    {
      name: 'body type + year',
      weight: 8,
      paths: many(40, () => q({ bodyType: pick(['sedan', 'suv', 'truck', 'coupe', 'hatchback', 'van', 'wagon', 'convertible']), minYear: 2014 + Math.floor(rnd() * 10) })),
    },
    {
      name: 'keyword',
      weight: 8,
      paths: ['turbo', 'leather', 'one owner', 'camry', 'f-150', 'awd', 'sunroof', 'tow package', 'corvette', 'hybrid', 'wrangler rubicon', 'heated seats', 'garage kept', 'porsche 911', 'third row', 'tesla', 'accord sport', 'clean title', 'bmw x5', 'navigation']
        .map((query) => q({ query }))
        // "Best match" on common and rare words: the ranking reads every match.
        .concat(['leather', 'third row', 'porsche 911'].map((query) => q({ query, sortBy: 'relevance_desc' }))),
    },
    {
      name: 'radius',
      weight: 7,
      paths: METRO_ZIPS.flatMap((zipCode) => [q({ zipCode }), q({ zipCode, radius: 50 }), q({ zipCode, radius: 50, sortBy: 'distance_asc' }), q({ zipCode, radius: 100, maxPrice: 30000 })]),
    },
    {
      name: 'sorts',
      weight: 8,
      paths: sorts.flatMap((sortBy) => [q({ sortBy }), q({ sortBy, make: pick(popularMakes).make }), q({ sortBy, maxPrice: pick(prices) })]),
    },
    {
      name: 'pages 2-5',
      weight: 6,
      paths: [2, 3, 4, 5].flatMap((page) => [q({ page }), q({ page, make: pick(popularMakes).make }), q({ page, bodyType: 'suv', sortBy: 'price_asc' })]),
    },
    {
      name: 'facet-heavy (4+ filters)',
      weight: 6,
      paths: many(60, () => {
        const mk = pick(popularMakes);
        return q({
          make: mk.make,
          bodyType: rnd() < 0.5 ? pick(['sedan', 'suv', 'truck']) : undefined,
          fuelType: rnd() < 0.5 ? 'gasoline' : undefined,
          maxPrice: pick(prices.slice(3)),
          minYear: 2012 + Math.floor(rnd() * 8),
          features: rnd() < 0.5 ? ['Heated Seats'] : undefined,
          transmission: rnd() < 0.3 ? 'automatic' : undefined,
          maxMileage: rnd() < 0.5 ? pick([30000, 60000, 100000]) : undefined,
        });
      }),
    },
  ];
}
