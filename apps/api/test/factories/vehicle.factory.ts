import { DataSource } from 'typeorm';
import type { TestApp } from '../support/test-app';
import { VersionedCacheService } from '../../src/infra/cache/versioned-cache.service';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { LISTINGS_DATA_SET } from '../../src/modules/vehicles/search/vehicle-search.service';

let counter = 0;

/** A complete listing body as the create form sends it (POST/PUT /api/vehicles). */
export function listingInput(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    make: 'BMW',
    model: 'X5',
    year: 2021,
    trim: 'xDrive40i',
    mileage: 24000,
    price: 45999.99,
    condition: 'excellent',
    bodyType: 'suv',
    fuelType: 'gasoline',
    transmission: '8-speed-automatic',
    drivetrain: 'awd',
    exteriorColor: 'black',
    interiorColor: 'beige',
    description: 'One owner, garage kept.',
    features: ['Heated Seats', 'Sunroof/Moonroof'],
    images: [`/uploads/2026/11/f${counter}a.webp`, `/uploads/2026/11/f${counter}b.webp`],
    coverPhotoIndex: 1,
    location: 'Austin, TX',
    zipCode: '78701',
    contactPhone: '(555) 010-4287',
    contactEmail: 'seller@example.com',
    contactFirstName: 'Sam',
    contactLastName: 'Seller',
    contactLocation: 'Austin',
    vin: '5UXCR6C04M9D12345',
    carfaxReportUrl: 'https://www.carfax.com/vehicle/5UXCR6C04M9D12345',
    recentServices: ['Oil change 2026-01'],
    engine: '3.0L I6 Turbo',
    mpgCity: 21,
    mpgHighway: 26,
    ...overrides,
  };
}

/**
 * Seeds listings straight through the repository (fast: no HTTP, no validation), then bumps the listings
 * cache version as every listing write of the API does.
 */
export async function createVehicles(t: TestApp, userId: number, rows: Partial<VehicleEntity>[]): Promise<VehicleEntity[]> {
  const dataSource = t.app.get(DataSource);
  const repository = dataSource.getRepository(VehicleEntity);
  const saved: VehicleEntity[] = [];
  for (const row of rows) {
    saved.push(await repository.save(repository.create({ ...listingInput({ images: [], coverPhotoIndex: 0 }), status: 'approved', userId, ...row } as Partial<VehicleEntity>)));
  }
  const cache = t.app.get(VersionedCacheService);
  await cache.bump(dataSource.manager, LISTINGS_DATA_SET);
  cache.invalidate(LISTINGS_DATA_SET);
  return saved;
}

export async function createVehicle(t: TestApp, userId: number, row: Partial<VehicleEntity> = {}): Promise<VehicleEntity> {
  const [vehicle] = await createVehicles(t, userId, [row]);
  return vehicle;
}

/** Sets createdAt directly (SQLite keeps whole seconds: tests that sort by age set it explicitly). */
export async function setCreatedAt(t: TestApp, id: number, createdAt: Date): Promise<void> {
  await t.app.get(DataSource).getRepository(VehicleEntity).update({ id }, { createdAt });
}
