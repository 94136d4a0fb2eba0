import { plainToInstance } from 'class-transformer';
import { SORT_NEEDS, SORT_OPTIONS, VehicleSearchDto } from '@app/shared';
import { toSearchRequest } from '../src/modules/vehicles/search/search-filters';
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

/** A bench path's search as the API reads it (its query string through the DTO, normalised). */
export function requestOf(path: string): ReturnType<typeof toSearchRequest> {
  const params = new URLSearchParams(path.split('?')[1] ?? '');
  const plain: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    plain[key] = values.length > 1 || key === 'features' ? values : values[0]!;
  }
  return toSearchRequest(plainToInstance(VehicleSearchDto, plain));
}

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

/** The realistic mix's traffic: many distinct searches, a few of them asked very often (Zipf-like popularity). */
export interface SearchMix {
  /** Every distinct search of the population, most popular first. */
  paths: string[];
  /** A search drawn by popularity (rank r asked in proportion to 1 / r^exponent). */
  next: () => string;
  exponent: number;
}

/**
 * A buyer population's searches: `size` distinct searches (at least 20,000 by default) of the kinds above, in
 * their shares of the mix, with the kinds' filters drawn more widely (any make and model, price bands, years,
 * ZIP codes and radii, sorts, pages 1-5, keywords alone or with a make or a price). Popularity follows Zipf's law
 * (exponent 1 by default): ranks go to the plainest searches first (fewest filters, with some jitter), so "newest
 * first" and "Toyota" are asked most and a six-filter search belongs to the long tail, as on a real site.
 */
export function searchMix(size = 20_000, exponent = 1, seed = 11): SearchMix {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)];
  const maybe = <T>(p: number, value: () => T) => (rnd() < p ? value() : undefined);
  const makes = BENCH_MAKES;
  const prices = Array.from({ length: 40 }, (_, i) => (i + 1) * 2500);
  const bodies = ['sedan', 'suv', 'truck', 'coupe', 'hatchback', 'van', 'wagon', 'convertible'];
  const words = ['turbo', 'leather', 'one owner', 'camry', 'f-150', 'awd', 'sunroof', 'tow package', 'corvette', 'hybrid', 'wrangler rubicon', 'heated seats', 'garage kept', 'porsche 911', 'third row', 'tesla', 'accord sport', 'clean title', 'bmw x5', 'navigation', 'diesel', 'manual', 'convertible', 'low miles', 'new tires', 'panoramic roof', 'apple carplay', 'backup camera', 'lifted', 'electric'];
  const sorts = SORT_OPTIONS.filter((s) => s !== 'views_asc' && s !== 'created_asc' && SORT_NEEDS[s] === undefined);
  const sort = (p: number) => maybe(p, () => pick(sorts));
  const page = (p: number) => maybe(p, () => 2 + Math.floor(rnd() * 4));
  const priceBand = () => {
    const i = Math.floor(rnd() * (prices.length - 1));
    return { minPrice: maybe(0.5, () => prices[i]), maxPrice: pick(prices.slice(i + 1)) };
  };
  const kinds: { weight: number; make: () => Record<string, string | number | string[] | undefined> }[] = [
    { weight: 20, make: () => ({ sortBy: sort(0.3), page: page(0.2) }) },
    { weight: 15, make: () => ({ make: pick(makes).make, sortBy: sort(0.4), page: page(0.2), minYear: maybe(0.2, () => 2010 + Math.floor(rnd() * 14)) }) },
    {
      weight: 12,
      make: () => {
        const mk = pick(makes);
        return { make: mk.make, model: pick(mk.models).model, sortBy: sort(0.4), minYear: maybe(0.3, () => 2010 + Math.floor(rnd() * 14)), page: page(0.15) };
      },
    },
    { weight: 10, make: () => ({ ...priceBand(), sortBy: sort(0.4), page: page(0.15) }) },
    {
      weight: 8,
      make: () => {
        const minYear = 2005 + Math.floor(rnd() * 19);
        return { bodyType: pick(bodies), minYear, maxYear: maybe(0.3, () => Math.min(new Date().getFullYear(), minYear + Math.floor(rnd() * 6))), sortBy: sort(0.4) };
      },
    },
    { weight: 8, make: () => ({ query: pick(words), make: maybe(0.3, () => pick(makes).make), maxPrice: maybe(0.3, () => pick(prices)), sortBy: maybe(0.3, () => 'relevance_desc') }) },
    {
      weight: 7,
      make: () => ({ zipCode: pick(METRO_ZIPS), radius: maybe(0.8, () => pick([10, 25, 50, 100, 200, 500])), maxPrice: maybe(0.3, () => pick(prices)), make: maybe(0.2, () => pick(makes).make), sortBy: maybe(0.4, () => 'distance_asc') }),
    },
    { weight: 8, make: () => ({ sortBy: pick(sorts), make: maybe(0.4, () => pick(makes).make), maxPrice: maybe(0.4, () => pick(prices)), page: page(0.2) }) },
    {
      weight: 6,
      make: () => {
        const mk = pick(makes);
        return {
          make: mk.make,
          bodyType: maybe(0.5, () => pick(['sedan', 'suv', 'truck'])),
          fuelType: maybe(0.4, () => pick(['gasoline', 'hybrid', 'diesel', 'electric'])),
          maxPrice: pick(prices.slice(6)),
          minYear: 2008 + Math.floor(rnd() * 14),
          features: maybe(0.5, () => [pick(['Heated Seats', 'Sunroof/Moonroof', 'Navigation System', 'Backup Camera', 'Leather Interior'])]),
          transmission: maybe(0.3, () => pick(['automatic', 'manual'])),
          maxMileage: maybe(0.5, () => pick([30000, 60000, 100000, 150000])),
          drivetrain: maybe(0.3, () => pick(['awd', '4wd', 'fwd', 'rwd'])),
        };
      },
    },
  ];
  const weighted = kinds.flatMap((k) => Array.from({ length: k.weight }, () => k));
  const found = new Map<string, number>();
  for (let attempts = 0; found.size < size && attempts < size * 50; attempts += 1) {
    const params = pick(weighted).make();
    const path = q(params);
    if (found.has(path)) continue;
    const filters = Object.values(params).filter((v) => v !== undefined).length;
    found.set(path, filters + 2 * rnd());
  }
  if (found.size < size) throw new Error(`the search population holds only ${found.size} distinct searches of ${size}`);
  const paths = [...found.entries()].sort((a, b) => a[1] - b[1]).map(([path]) => path);
  // Cumulative popularity of the ranks: rank r (from 1) weighs 1 / r^exponent.
  const cumulative = new Float64Array(paths.length);
  let total = 0;
  for (let r = 0; r < paths.length; r += 1) cumulative[r] = total += 1 / Math.pow(r + 1, exponent);
  const next = () => {
    const target = Math.random() * total;
    let low = 0;
    let high = paths.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid] < target) low = mid + 1;
      else high = mid;
    }
    return paths[low];
  };
  return { paths, next, exponent };
}
