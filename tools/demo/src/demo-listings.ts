import { CONDITIONS, expectedVinCheckDigit, PREDEFINED_FEATURES, type BundleAccount, type BundleListing, type ListingStatus, type RejectionReason } from '@app/shared';
import { DEMO_MODELS, DEMO_PLACES, DEMO_SERVICES, specsOf, type DemoModel, type TrimSpecs } from './demo-catalog';

/** Deterministic pseudo-random numbers (mulberry32), so every demo database is the same. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface DemoListing {
  model: DemoModel;
  ownerIndex: number;
  year: number;
  trim: string;
  /** The trim's specification (drivetrain, fuel, engine, mpg, transmission). */
  specs: Required<TrimSpecs>;
  mileage: number;
  price: number;
  condition: string;
  exteriorColor: string;
  interiorColor: string;
  features: string[];
  description: string;
  location: string;
  zipCode: string;
  vin: string;
  recentServices: string[];
  status: ListingStatus;
  /** Why staff rejected it (status rejected): the seller sees it on the dashboard and edit page. */
  rejection?: { reason: RejectionReason; note: string };
  isFeatured: boolean;
  views: number;
  createdAt: Date;
  photoCount: number;
}

export const DEMO_LISTING_COUNT = 66;
const INTERIORS = ['black', 'beige', 'brown', 'gray', 'white'] as const;

/** Why staff rejected each rejected demo listing, in turn: a reason with the reviewer's note to the seller. */
const DEMO_REJECTIONS: readonly { reason: RejectionReason; note: string }[] = [
  { reason: 'photos', note: "The photos don't match the car: two show a different colour and trim. Please upload photos of this vehicle." },
  { reason: 'details', note: 'The mileage in the description does not match the mileage field. Please correct one of them.' },
  { reason: 'price', note: 'The price is far below similar cars; please check it for a missing digit.' },
  { reason: 'prohibited', note: 'The description gives a personal phone number. Our team handles buyer contact, so please remove it.' },
];

/** How much less a car in each condition fetches than an excellent one. */
const CONDITION_FACTOR: Record<string, number> = { excellent: 1, 'very-good': 0.97, good: 0.93, fair: 0.85, poor: 0.72 };

/**
 * The typical market price of a demo model at an age, mileage and condition: what the demo listings ask
 * around and what the demo's past sales fetched (so their deal ratings say something true).
 */
export function demoMarketPrice(model: DemoModel, age: number, mileage: number, condition: string): number {
  const depreciation = Math.pow(0.9, age - 3) * (1 - Math.max(0, mileage - age * 12000) / 400000);
  return model.basePrice * depreciation * (CONDITION_FACTOR[condition] ?? 0.9);
}

/**
 * A demo listing's asking price against the market: a few clear bargains (every 9th listing about 14 %
 * under), a few asking too much (every 13th about 13 % over), the rest within a few per cent.
 */
function askingFactor(index: number, r: number): number {
  if (index % 9 === 2) return 0.84 + r * 0.03;
  if (index % 13 === 6) return 1.12 + r * 0.03;
  return 0.94 + r * 0.12;
}

/** 66 listings over every demo model: most approved, some pending, a few rejected, sold and featured. */
export function buildDemoListings(now: Date, ownerCount: number): DemoListing[] {
  const random = prng(20261121);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const currentYear = now.getFullYear();
  let featured = 0;

  return Array.from({ length: DEMO_LISTING_COUNT }, (_, i) => {
    const model = DEMO_MODELS[i % DEMO_MODELS.length] as DemoModel;
    const year = model.years[0] + Math.floor(random() * (model.years[1] - model.years[0] + 1));
    const age = Math.max(0, currentYear - year);
    const mileage = Math.round((age * 9000 + random() * 14000 + 1500) / 10) * 10;
    const asking = askingFactor(i, random());
    const condition = mileage < 25000 ? 'excellent' : (pick(CONDITIONS.slice(0, 3)) as string);
    const price = Math.max(6000, Math.round((demoMarketPrice(model, age, mileage, condition) * asking) / 100) * 100 - 1);
    const status: ListingStatus = i % 11 === 3 ? 'pending' : i % 17 === 5 ? 'rejected' : i % 23 === 7 ? 'sold' : 'approved';
    const rejection = status === 'rejected' ? DEMO_REJECTIONS[Math.floor(i / 17) % DEMO_REJECTIONS.length] : undefined;
    const isFeatured = status === 'approved' && model.luxury && featured < 6 && random() < 0.5 ? (featured += 1) > 0 : false;
    const place = DEMO_PLACES[i % DEMO_PLACES.length] as (typeof DEMO_PLACES)[number];
    const trim = pick(model.trims);
    const specs = specsOf(model, trim);
    const exteriorColor = pick(model.colors);
    const features = pickFeatures(model, specs, year, random);
    return {
      model,
      ownerIndex: i % ownerCount,
      year,
      trim,
      specs,
      mileage,
      price,
      condition,
      exteriorColor,
      interiorColor: pick(INTERIORS),
      features,
      description: describe(model, year, trim, mileage, features, random),
      location: place.location,
      zipCode: place.zipCode,
      vin: buildVin(model, year, i),
      recentServices: [pick(DEMO_SERVICES), pick(DEMO_SERVICES)].filter((s, k, all) => all.indexOf(s) === k),
      status,
      rejection,
      isFeatured,
      views: status === 'approved' || status === 'sold' ? 15 + Math.floor(random() * 900) : 0,
      // Newest first in index order: one listing every ~14 hours over the last 40 days.
      createdAt: new Date(now.getTime() - i * 14 * 3600_000 - Math.floor(random() * 3600_000)),
      photoCount: 6 + (i % 3),
    };
  });
}

function pickFeatures(model: DemoModel, specs: Required<TrimSpecs>, year: number, random: () => number): string[] {
  const base: string[] = ['Air Conditioning', 'Power Windows', 'Power Door Locks', 'Cruise Control'];
  if (year >= 2015) base.push('Backup Camera', 'Bluetooth Connectivity');
  if (model.luxury) base.push('Leather Interior', 'Heated Seats', 'Navigation System', 'Premium Sound System');
  if (specs.drivetrain === 'awd' || specs.drivetrain === 'all-wheel-drive') base.push('All-Wheel Drive');
  if (model.bodyType === 'truck') base.push('Trailer Hitch');
  if (model.bodyType === 'suv' && random() < 0.4) base.push('Third Row Seating', 'Roof Rack');
  const extras = PREDEFINED_FEATURES.filter((f) => !base.includes(f));
  while (base.length < 9) base.push(extras[Math.floor(random() * extras.length)] as string);
  return [...new Set(base)];
}

function describe(model: DemoModel, year: number, trim: string, mileage: number, features: string[], random: () => number): string {
  const miles = mileage.toLocaleString('en-US');
  const openings = [
    `This ${year} ${model.make} ${model.model} ${trim} has been garage-kept and carefully maintained, with ${miles} miles on the clock.`,
    `One-owner ${year} ${model.make} ${model.model} ${trim} with ${miles} miles and a clean history.`,
    `Well-optioned ${year} ${model.make} ${model.model} in ${trim} trim, ${miles} miles, serviced on schedule.`,
  ];
  const middles = [
    `The ${specsOf(model, trim).engine.toLowerCase()} pulls smoothly and the cabin is in great shape.`,
    `Non-smoker car; interior and paint show very well for the year.`,
    `Recent service records are on file and both keys are included.`,
  ];
  const highlights = `Highlights include ${features.slice(4, 7).join(', ').toLowerCase()}.`;
  const closing = 'Our team handles every question, showing and offer for the seller: contact us to learn more.';
  return [openings[Math.floor(random() * openings.length)], middles[Math.floor(random() * middles.length)], highlights, closing].join(' ');
}

const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/** A VIN with the model's real prefix, the right model-year code and a valid check digit. */
function buildVin(model: DemoModel, year: number, index: number): string {
  const yearCode = YEAR_CODES[(year - 2010) % 30] ?? 'A';
  const serial = String(100000 + index * 7919).slice(-6);
  const draft = `${model.vinPrefix}0${yearCode}A${serial}`;
  return draft.slice(0, 8) + expectedVinCheckDigit(draft) + draft.slice(9);
}

/**
 * A demo listing as the bundle lists it, without its photos (the bundle tool adds them; tests import it bare):
 * its owner, the seller's input, its status with the reason of a rejection, and its history.
 */
export function demoBundleListing(l: DemoListing, owner: Pick<BundleAccount, 'key' | 'email' | 'firstName' | 'lastName'>, phone: string): Omit<BundleListing, 'photos'> {
  return {
    owner: owner.key,
    input: demoListingInput(l, owner, phone),
    status: l.status,
    ...(l.rejection ? { rejection: l.rejection } : {}),
    views: l.views,
    isFeatured: l.isFeatured,
    createdAt: l.createdAt.toISOString(),
  };
}

/** A demo listing as its seller would send it (the bundle's `input`: the API checks it by VehicleInputDto). */
export function demoListingInput(l: DemoListing, owner: Pick<BundleAccount, 'email' | 'firstName' | 'lastName'>, phone: string): Record<string, unknown> {
  return {
    make: l.model.make,
    model: l.model.model,
    year: l.year,
    trim: l.trim,
    mileage: l.mileage,
    price: l.price,
    condition: l.condition,
    bodyType: l.model.bodyType,
    fuelType: l.specs.fuelType,
    transmission: l.specs.transmission,
    drivetrain: l.specs.drivetrain,
    exteriorColor: l.exteriorColor,
    interiorColor: l.interiorColor,
    color: l.exteriorColor,
    description: l.description,
    features: l.features,
    location: l.location,
    zipCode: l.zipCode,
    contactPhone: phone,
    contactEmail: owner.email,
    contactFirstName: owner.firstName,
    contactLastName: owner.lastName,
    contactLocation: l.location,
    vin: l.vin,
    recentServices: l.recentServices,
    engine: l.specs.engine,
    ...(l.specs.mpg ? { mpgCity: l.specs.mpg[0], mpgHighway: l.specs.mpg[1] } : {}),
  };
}
