import { BODY_TYPES, COLORS, CONDITIONS, PREDEFINED_FEATURES, colorFamilyOf } from '@app/shared';
import type { DataSource } from 'typeorm';
import { allZips, type ZipInfo } from '../src/infra/geo/zip';
import { deriveListingColumns } from '../src/modules/vehicles/vehicle-derived';
import { indexBulkLoadedListings } from '../src/modules/vehicles/search/keyword-match';
import { indexBulkLoadedFeatures } from '../src/modules/vehicles/search/feature-index';
import { random } from '../test/support/random';

// The same --n gives the same data on both engines.
export { random };

type Body = (typeof BODY_TYPES)[number];
interface ModelSpec {
  model: string;
  body: Body;
  /** New price in dollars. */
  msrp: number;
  trims: string[];
  fuel?: string;
}
interface MakeSpec {
  make: string;
  /** Relative share of listings. */
  share: number;
  models: ModelSpec[];
}

const m = (model: string, body: Body, msrp: number, trims: string[], fuel?: string): ModelSpec => ({ model, body, msrp, trims, fuel });

/** A used-car market in miniature: popular makes first, realistic prices and body types per model. */
export const BENCH_MAKES: MakeSpec[] = [
  { make: 'Toyota', share: 14, models: [m('Camry', 'sedan', 28000, ['LE', 'SE', 'XSE']), m('Corolla', 'sedan', 23000, ['L', 'LE', 'SE']), m('RAV4', 'suv', 31000, ['LE', 'XLE', 'Prime XSE']), m('Tacoma', 'truck', 34000, ['SR5', 'TRD Off-Road']), m('Highlander', 'suv', 40000, ['XLE', 'Limited']), m('Prius', 'hatchback', 28000, ['LE', 'XLE'], 'hybrid'), m('Sienna', 'minivan', 39000, ['LE', 'XLE'], 'hybrid')] },
  { make: 'Ford', share: 13, models: [m('F-150', 'truck', 42000, ['XL', 'XLT', 'Lariat', 'Raptor']), m('Explorer', 'suv', 38000, ['XLT', 'Limited']), m('Escape', 'suv', 30000, ['S', 'SE', 'Titanium']), m('Mustang', 'coupe', 33000, ['EcoBoost', 'GT']), m('Bronco', 'suv', 40000, ['Big Bend', 'Badlands'])] },
  { make: 'Chevrolet', share: 12, models: [m('Silverado 1500', 'truck', 43000, ['WT', 'LT', 'RST']), m('Equinox', 'suv', 29000, ['LS', 'LT']), m('Malibu', 'sedan', 25000, ['LS', 'LT']), m('Tahoe', 'suv', 58000, ['LS', 'Z71', 'High Country']), m('Corvette', 'coupe', 68000, ['Stingray 1LT', 'Stingray 3LT', 'Z06'])] },
  { make: 'Honda', share: 10, models: [m('Civic', 'sedan', 25000, ['LX', 'Sport', 'EX']), m('Accord', 'sedan', 29000, ['LX', 'Sport', 'EX-L']), m('CR-V', 'suv', 31000, ['LX', 'EX', 'Touring']), m('Odyssey', 'minivan', 38000, ['EX', 'EX-L', 'Elite']), m('Pilot', 'suv', 40000, ['EX-L', 'Touring'])] },
  { make: 'Nissan', share: 6, models: [m('Altima', 'sedan', 26000, ['S', 'SV', 'SR']), m('Rogue', 'suv', 29000, ['S', 'SV', 'SL']), m('Sentra', 'sedan', 21000, ['S', 'SV']), m('Frontier', 'truck', 31000, ['SV', 'PRO-4X'])] },
  { make: 'Jeep', share: 5, models: [m('Wrangler', 'suv', 36000, ['Sport', 'Sahara', 'Rubicon']), m('Grand Cherokee', 'suv', 42000, ['Laredo', 'Limited', 'Overland']), m('Cherokee', 'suv', 30000, ['Latitude', 'Trailhawk'])] },
  { make: 'Ram', share: 4, models: [m('1500', 'truck', 42000, ['Tradesman', 'Big Horn', 'Laramie']), m('2500', 'truck', 50000, ['Tradesman', 'Laramie'], 'diesel'), m('ProMaster', 'van', 45000, ['1500', '2500'])] },
  { make: 'Hyundai', share: 4, models: [m('Elantra', 'sedan', 22000, ['SE', 'SEL']), m('Tucson', 'suv', 29000, ['SE', 'SEL', 'Limited']), m('Santa Fe', 'suv', 33000, ['SEL', 'Limited']), m('Ioniq 5', 'suv', 45000, ['SE', 'Limited'], 'electric')] },
  { make: 'Kia', share: 3, models: [m('Sorento', 'suv', 32000, ['LX', 'EX']), m('Telluride', 'suv', 38000, ['S', 'EX', 'SX']), m('Forte', 'sedan', 20000, ['LXS', 'GT-Line'])] },
  { make: 'Subaru', share: 3, models: [m('Outback', 'wagon', 30000, ['Premium', 'Limited']), m('Forester', 'suv', 29000, ['Base', 'Premium', 'Sport']), m('WRX', 'sedan', 33000, ['Base', 'Premium'])] },
  { make: 'BMW', share: 4, models: [m('3 Series', 'sedan', 45000, ['330i', 'M340i']), m('5 Series', 'sedan', 58000, ['530i', '540i']), m('X3', 'suv', 48000, ['sDrive30i', 'xDrive30i']), m('X5', 'suv', 65000, ['xDrive40i', 'M50i']), m('M3', '4-door-sedan', 75000, ['Base', 'Competition'], 'premium-gasoline')] },
  { make: 'Mercedes-Benz', share: 4, models: [m('C-Class', 'sedan', 46000, ['C 300', 'AMG C 43']), m('E-Class', 'sedan', 58000, ['E 350', 'E 450']), m('GLE', 'suv', 62000, ['GLE 350', 'AMG GLE 53']), m('GLC', 'suv', 48000, ['GLC 300']), m('AMG GT', 'coupe', 120000, ['GT', 'GT 63'], 'premium-gasoline')] },
  { make: 'Lexus', share: 3, models: [m('RX', 'suv', 50000, ['RX 350', 'RX 450h']), m('ES', 'sedan', 43000, ['ES 350', 'ES 300h']), m('IS', 'sedan', 42000, ['IS 300', 'IS 350 F Sport'])] },
  { make: 'Audi', share: 2, models: [m('A4', 'sedan', 42000, ['Premium', 'Premium Plus']), m('Q5', 'suv', 46000, ['Premium', 'Prestige']), m('Q7', 'suv', 60000, ['Premium Plus', 'Prestige'])] },
  { make: 'Tesla', share: 3, models: [m('Model 3', 'sedan', 42000, ['Standard Range', 'Long Range', 'Performance'], 'electric'), m('Model Y', 'suv', 48000, ['Long Range', 'Performance'], 'electric'), m('Model S', '5-door-hatchback', 85000, ['Long Range', 'Plaid'], 'electric')] },
  { make: 'Volkswagen', share: 2, models: [m('Jetta', 'sedan', 23000, ['S', 'SE']), m('Tiguan', 'suv', 30000, ['S', 'SE']), m('Golf GTI', '5-door-hatchback', 32000, ['S', 'SE', 'Autobahn'])] },
  { make: 'Mazda', share: 2, models: [m('CX-5', 'suv', 30000, ['Select', 'Preferred', 'Turbo']), m('Mazda3', 'hatchback', 25000, ['Select', 'Premium']), m('MX-5 Miata', 'convertible', 30000, ['Sport', 'Club', 'Grand Touring'])] },
  { make: 'GMC', share: 2, models: [m('Sierra 1500', 'truck', 45000, ['SLE', 'SLT', 'Denali']), m('Yukon', 'suv', 62000, ['SLE', 'Denali'])] },
  { make: 'Dodge', share: 1, models: [m('Charger', 'sedan', 35000, ['SXT', 'R/T', 'Scat Pack']), m('Challenger', 'coupe', 36000, ['SXT', 'R/T', 'Hellcat']), m('Grand Caravan', 'minivan', 30000, ['SE', 'SXT'])] },
  { make: 'Porsche', share: 1, models: [m('911', 'coupe', 115000, ['Carrera', 'Carrera S', 'Turbo S'], 'premium-gasoline'), m('Cayenne', 'suv', 80000, ['Base', 'S', 'GTS']), m('Macan', 'suv', 62000, ['Base', 'S'])] },
  { make: 'Land Rover', share: 1, models: [m('Range Rover', 'suv', 105000, ['SE', 'HSE', 'Autobiography']), m('Defender', 'suv', 60000, ['S', 'X-Dynamic'])] },
  { make: 'Volvo', share: 1, models: [m('XC90', 'suv', 58000, ['Momentum', 'Inscription']), m('XC60', 'suv', 45000, ['Momentum', 'R-Design']), m('V60', 'wagon', 44000, ['Cross Country'])] },
  { make: 'Acura', share: 1, models: [m('MDX', 'suv', 50000, ['Base', 'Technology', 'Type S']), m('TLX', 'sedan', 40000, ['Base', 'A-Spec'])] },
  { make: 'Cadillac', share: 1, models: [m('Escalade', 'suv', 82000, ['Luxury', 'Premium Luxury', 'Sport']), m('CT5', 'sedan', 40000, ['Luxury', 'V'])] },
  { make: 'MINI', share: 1, models: [m('Cooper', 'hatchback', 26000, ['Classic', 'S', 'JCW']), m('Countryman', 'suv', 32000, ['S ALL4'])] },
  { make: 'Rolls-Royce', share: 0.1, models: [m('Ghost', 'sedan', 340000, ['Base', 'Black Badge']), m('Cullinan', 'suv', 350000, ['Base'])] },
];

/** Metro ZIP codes: most listings sit around big cities (radius searches around them find plenty). */
export const METRO_ZIPS = ['10001', '90012', '60601', '77002', '85004', '19103', '78205', '92101', '75201', '95113', '78701', '32202', '43215', '28202', '46204', '94103', '98101', '80202', '20001', '02108', '37203', '48226', '73102', '97204', '89101', '38103', '40202', '21202', '53202', '87102', '85701', '93721', '95814', '64106', '30303', '33101', '27601', '55401', '70112', '15222'];

const WORDS = ['clean title', 'one owner', 'garage kept', 'non-smoker', 'new tires', 'recent brakes', 'full service history', 'no accidents', 'highway miles', 'well maintained', 'turbo', 'sport package', 'tow package', 'premium package', 'cold weather package', 'original paint', 'dealer maintained', 'extended warranty', 'panoramic roof', 'third row'];

export interface BenchRow {
  userId: number;
  make: string;
  model: string;
  year: number;
  trim: string;
  mileage: number;
  price: number;
  condition: string;
  bodyType: string;
  fuelType: string;
  transmission: string;
  drivetrain: string;
  exteriorColor: string;
  interiorColor: string;
  color: string;
  description: string;
  features: string[];
  images: string[];
  location: string;
  zipCode: string;
  vin: string;
  status: 'approved' | 'sold' | 'pending' | 'rejected';
  views: number;
  isFeatured: boolean;
  createdAt: Date;
}

function pickWeighted<T>(items: T[], weight: (item: T) => number, r: number): T {
  const total = items.reduce((sum, item) => sum + weight(item), 0);
  let x = r * total;
  for (const item of items) {
    x -= weight(item);
    if (x <= 0) return item;
  }
  return items[items.length - 1];
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** One realistic listing. */
export function makeRow(rnd: () => number, userId: number, zips: ZipInfo[], metroNeighbours: ZipInfo[][], now: number): BenchRow {
  const make = pickWeighted(BENCH_MAKES, (mk) => mk.share, rnd());
  const spec = make.models[Math.floor(rnd() * make.models.length)];
  const thisYear = new Date(now).getUTCFullYear();
  // Most used cars are 2 to 10 years old; a few classics.
  const age = Math.min(35, Math.max(0, Math.round(-Math.log(1 - rnd()) * 5)));
  const year = Math.max(1990, thisYear + 1 - age - 1);
  const mileage = Math.max(0, Math.round(age * (9000 + rnd() * 6000) + rnd() * 5000));
  const depreciation = Math.pow(0.86, age) * (0.85 + rnd() * 0.3);
  const price = Math.max(1500, Math.round(spec.msrp * depreciation / 50) * 50 - (rnd() < 0.3 ? 1 : 0));
  const fuel = spec.fuel ?? pickWeighted(['gasoline', 'premium-gasoline', 'hybrid', 'diesel', 'plug-in-hybrid'], (f) => ({ gasoline: 80, 'premium-gasoline': 10, hybrid: 6, diesel: 3, 'plug-in-hybrid': 1 })[f] ?? 1, rnd());
  const transmission = fuel === 'electric' ? 'automatic' : pickWeighted(['automatic', '8-speed-automatic', '7-speed-dual-clutch', 'manual', 'cvt'], (t) => ({ automatic: 60, '8-speed-automatic': 15, '7-speed-dual-clutch': 5, manual: 8, cvt: 12 })[t] ?? 1, rnd());
  const drivetrain = pickWeighted(['fwd', 'rwd', 'awd', 'all-wheel-drive', '4wd', 'rear-wheel-drive'], (d) => ({ fwd: 40, rwd: 12, awd: 25, 'all-wheel-drive': 8, '4wd': 12, 'rear-wheel-drive': 3 })[d] ?? 1, rnd());
  const features = PREDEFINED_FEATURES.filter(() => rnd() < 0.25).slice(0, 10);
  const neighbours = metroNeighbours[Math.floor(rnd() * metroNeighbours.length)];
  const place = rnd() < 0.7 ? neighbours[Math.floor(rnd() * neighbours.length)] : zips[Math.floor(rnd() * zips.length)];
  const trim = spec.trims[Math.floor(rnd() * spec.trims.length)];
  const words = WORDS.filter(() => rnd() < 0.15);
  const statusRoll = rnd();
  const status = statusRoll < 0.85 ? 'approved' : statusRoll < 0.88 ? 'sold' : statusRoll < 0.96 ? 'pending' : 'rejected';
  const color = COLORS[Math.floor(rnd() * COLORS.length)];
  return {
    userId,
    make: make.make,
    model: spec.model,
    year,
    trim,
    mileage,
    price,
    condition: CONDITIONS[Math.min(CONDITIONS.length - 1, Math.floor(age / 4 + rnd() * 2))],
    bodyType: spec.body,
    fuelType: fuel,
    transmission,
    drivetrain,
    exteriorColor: color,
    interiorColor: ['black', 'gray', 'beige', 'brown', 'white'][Math.floor(rnd() * 5)],
    color,
    description: `${year} ${make.make} ${spec.model} ${trim}${words.length ? `: ${words.join(', ')}` : ''}. Contact our associate for details.`,
    features,
    images: [],
    location: `${place.city}, ${place.state}`,
    zipCode: place.zip,
    vin: Array.from({ length: 17 }, () => VIN_CHARS[Math.floor(rnd() * VIN_CHARS.length)]).join(''),
    status,
    views: Math.floor(Math.pow(rnd(), 3) * 3000),
    isFeatured: rnd() < 0.02,
    createdAt: new Date(now - Math.floor(rnd() * 365 * 24 * 3600 * 1000)),
  };
}

const COLUMNS = ['userId', 'make', 'model', 'year', 'trim', 'mileage', 'price', '`condition`', 'bodyType', 'fuelType', 'transmission', 'drivetrain', 'exteriorColor', 'interiorColor', 'color', 'interiorColorFamily', 'description', 'features', 'images', 'coverPhotoIndex', 'location', 'zipCode', 'latitude', 'longitude', 'latBand', 'contactPhone', 'contactEmail', 'vin', 'recentServices', 'status', 'views', 'isFeatured', 'makeKey', 'modelKey', 'searchText', 'featureKeys', 'isPublic', 'derivedVersion', 'createdAt', 'updatedAt'];

/** UTC timestamp in whole seconds, as the API stores it on SQLite (MariaDB takes it as well). */
const sqlTime = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19);

function values(row: BenchRow): unknown[] {
  const d = deriveListingColumns(row);
  return [
    row.userId, row.make, row.model, row.year, row.trim, row.mileage, row.price, row.condition, row.bodyType, row.fuelType,
    row.transmission, row.drivetrain, row.exteriorColor, row.interiorColor, row.color, colorFamilyOf(row.interiorColor), row.description, JSON.stringify(row.features),
    JSON.stringify(row.images), 0, row.location, row.zipCode, d.latitude, d.longitude, d.latBand, '(555) 010-4287', 'seller@example.com', row.vin,
    '[]', row.status, row.views, row.isFeatured ? 1 : 0, d.makeKey, d.modelKey, d.searchText, d.featureKeys, d.isPublic ? 1 : 0, d.derivedVersion,
    sqlTime(row.createdAt), sqlTime(row.createdAt),
  ];
}

/** Inserts n listings in batched multi-row INSERTs, one transaction per 5,000 rows. */
export async function seedListings(dataSource: DataSource, n: number, userId: number, log: (line: string) => void): Promise<void> {
  const rnd = random(20261121);
  const zips = [...allZips()];
  const metroNeighbours = METRO_ZIPS.map((center) => zips.filter((z) => z.zip.slice(0, 3) === center.slice(0, 3)));
  const now = Date.now();
  const perStatement = 200;
  const perTransaction = 5000;
  const placeholders = `(${COLUMNS.map(() => '?').join(', ')})`;
  const started = Date.now();
  const [{ lastId }] = (await dataSource.query('SELECT COALESCE(MAX(id), 0) AS lastId FROM vehicles')) as { lastId: number }[];
  for (let done = 0; done < n; ) {
    const inTransaction = Math.min(perTransaction, n - done);
    await dataSource.transaction(async (m) => {
      for (let i = 0; i < inTransaction; i += perStatement) {
        const rows = Array.from({ length: Math.min(perStatement, inTransaction - i) }, () => makeRow(rnd, userId, zips, metroNeighbours, now));
        await m.query(`INSERT INTO vehicles (${COLUMNS.join(', ')}) VALUES ${rows.map(() => placeholders).join(', ')}`, rows.flatMap(values));
      }
    });
    done += inTransaction;
    if (done % 20000 === 0 || done === n) log(`  seeded ${done.toLocaleString('en-US')} listings (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }
  // The listing writer keeps SQLite's keyword table and the feature rows; a bulk load past it fills them once.
  await indexBulkLoadedListings(dataSource.manager, Number(lastId));
  await indexBulkLoadedFeatures(dataSource.manager, Number(lastId));
}
