/**
 * The makes our marketplace carries, with their vPIC spelling and the flags the
 * spec / feature heuristics use.
 */
import { slugify } from './names';

export interface MakeInfo {
  /** Canonical display name. */
  name: string;
  slug: string;
  /** Exact vPIC Make.Name values (compared case-insensitively). Empty when derived from another make. */
  vpicNames: readonly string[];
  luxury: boolean;
  /** Premium fuel required / recommended across (nearly) the whole range. */
  premiumFuel: boolean;
  /** Sells battery-electric vehicles only (the rare exception is handled by the catalog data). */
  electricOnly: boolean;
}

type Flag = 'luxury' | 'premium' | 'ev';

function make(name: string, vpicNames: readonly string[], ...flags: Flag[]): MakeInfo {
  return {
    name,
    slug: slugify(name),
    vpicNames,
    luxury: flags.includes('luxury'),
    premiumFuel: flags.includes('premium'),
    electricOnly: flags.includes('ev'),
  };
}

export const MAKES: readonly MakeInfo[] = [
  make('Acura', ['Acura'], 'luxury'),
  make('Alfa Romeo', ['Alfa Romeo'], 'luxury', 'premium'),
  make('Aston Martin', ['Aston Martin'], 'luxury', 'premium'),
  make('Audi', ['Audi'], 'luxury', 'premium'),
  make('Bentley', ['Bentley'], 'luxury', 'premium'),
  make('BMW', ['BMW'], 'luxury', 'premium'),
  make('Buick', ['Buick']),
  make('Cadillac', ['Cadillac'], 'luxury'),
  make('Chevrolet', ['Chevrolet']),
  make('Chrysler', ['Chrysler']),
  make('Dodge', ['Dodge']),
  make('Ferrari', ['Ferrari'], 'luxury', 'premium'),
  make('Fiat', ['Fiat']),
  make('Ford', ['Ford']),
  make('Genesis', ['Genesis'], 'luxury'),
  make('GMC', ['GMC']),
  make('Honda', ['Honda']),
  make('Hummer', ['Hummer']),
  make('Hyundai', ['Hyundai']),
  make('Infiniti', ['Infiniti'], 'luxury'),
  make('Jaguar', ['Jaguar'], 'luxury', 'premium'),
  make('Jeep', ['Jeep']),
  make('Kia', ['Kia']),
  make('Lamborghini', ['Lamborghini'], 'luxury', 'premium'),
  make('Land Rover', ['Land Rover'], 'luxury', 'premium'),
  make('Lexus', ['Lexus'], 'luxury'),
  make('Lincoln', ['Lincoln'], 'luxury'),
  make('Lotus', ['Lotus'], 'luxury', 'premium'),
  make('Lucid', ['Lucid'], 'luxury', 'ev'),
  make('Maserati', ['Maserati'], 'luxury', 'premium'),
  make('Mazda', ['Mazda']),
  make('McLaren', ['McLaren'], 'luxury', 'premium'),
  make('Mercedes-Benz', ['Mercedes-Benz'], 'luxury', 'premium'),
  make('Mercury', ['Mercury']),
  make('MINI', ['MINI'], 'premium'),
  make('Mitsubishi', ['Mitsubishi']),
  make('Nissan', ['Nissan']),
  make('Polestar', ['Polestar'], 'luxury', 'ev'),
  make('Pontiac', ['Pontiac']),
  make('Porsche', ['Porsche'], 'luxury', 'premium'),
  make('Ram', ['Ram']),
  make('Rivian', ['RIVIAN'], 'luxury', 'ev'),
  make('Rolls-Royce', ['Rolls-Royce'], 'luxury', 'premium'),
  make('Saab', ['SAAB']),
  make('Saturn', ['Saturn']),
  // vPIC files Scion models under Toyota as "Scion tC" etc.; names.ts moves them.
  make('Scion', []),
  make('Smart', ['smart']),
  make('Subaru', ['Subaru']),
  make('Suzuki', ['Suzuki']),
  make('Tesla', ['Tesla'], 'luxury', 'ev'),
  make('Toyota', ['Toyota']),
  make('Volkswagen', ['Volkswagen']),
  make('Volvo', ['Volvo'], 'luxury'),
];

const BY_KEY = new Map<string, MakeInfo>();
for (const info of MAKES) {
  BY_KEY.set(info.slug, info);
  for (const vpic of info.vpicNames) BY_KEY.set(slugify(vpic), info);
}

/** Finds a make by display name, slug or vPIC spelling ("MERCEDES BENZ" works too). */
export function findMake(name: string | null | undefined): MakeInfo | null {
  if (!name) return null;
  return BY_KEY.get(slugify(name)) ?? null;
}
