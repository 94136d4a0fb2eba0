import type { OwnerVehicle, PublicVehicle as Vehicle } from '@app/shared';

/** A public listing as the API answers it; override what a test cares about. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  return {
    id: 1,
    make: 'BMW',
    model: 'X5',
    year: 2021,
    trim: 'xDrive40i',
    mileage: 12345,
    price: 46000,
    condition: 'excellent',
    bodyType: 'suv',
    fuelType: 'gasoline',
    transmission: 'automatic',
    drivetrain: 'awd',
    exteriorColor: 'black',
    interiorColor: 'beige',
    color: 'black',
    interiorColorFamily: 'beige',
    description: 'One owner.',
    features: ['Heated Seats'],
    images: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp'],
    coverPhotoIndex: 0,
    location: 'Austin, TX',
    zipCode: '78701',
    engine: null,
    mpgCity: null,
    mpgHighway: null,
    status: 'approved',
    views: 10,
    isFeatured: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    listedAt: '2026-01-01T00:00:00.000Z',
    vinChecked: true,
    priceAnalysis: { rating: null, expectedPrice: null, difference: null, comparables: null, basis: null },
    priceDrop: null,
    soldAt: null,
    soldPrice: null,
    ...overrides,
  };
}

/** A listing as its owner sees it (every field). */
export function makeOwnerVehicle(overrides: Partial<OwnerVehicle> = {}): OwnerVehicle {
  return {
    ...makeVehicle(),
    userId: 5,
    vin: 'WBAJU2C59KLB12345',
    carfaxReportUrl: null,
    recentServices: [],
    contactPhone: '(555) 010-4287',
    contactEmail: 'sam@example.com',
    contactFirstName: 'Sam',
    contactLastName: 'Seller',
    contactLocation: 'Austin',
    publishedAt: '2026-01-01T00:00:00.000Z',
    daysOnMarket: 12,
    soldPriceShown: false,
    pendingRevision: null,
    rejection: null,
    inquiries: 0,
    ...overrides,
  };
}
