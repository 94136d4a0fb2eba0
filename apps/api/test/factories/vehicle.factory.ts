import { DataSource } from 'typeorm';
import { colorFamilyOf } from '@app/shared';
import type { TestApp } from '../support/test-app';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import { ListingWriter, type ListingActor, type ListingFields } from '../../src/modules/vehicles/listing-writer.service';

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

/** The test factories write as the system, through the product's one listing writer. */
const TEST_ACTOR: ListingActor = { kind: 'system', name: 'test' };

/**
 * Seeds listings through the listing writer (fast: no HTTP, no validation), which derives their search
 * columns and bumps the listings cache version as every listing write does.
 */
export async function createVehicles(t: TestApp, userId: number, rows: Partial<ListingFields>[]): Promise<VehicleEntity[]> {
  const changes = rows.map((row) => {
    const after = { ...listingInput({ images: [], coverPhotoIndex: 0 }), status: 'approved', views: 0, isFeatured: false, userId, ...row } as ListingFields;
    // The colour families as the listing form's write path files them.
    after.color ??= colorFamilyOf(after.exteriorColor);
    after.interiorColorFamily ??= colorFamilyOf(after.interiorColor);
    return { before: null, after };
  });
  return (await t.app.get(ListingWriter).write(TEST_ACTOR, changes)) as VehicleEntity[];
}

export async function createVehicle(t: TestApp, userId: number, row: Partial<ListingFields> = {}): Promise<VehicleEntity> {
  const [vehicle] = await createVehicles(t, userId, [row]);
  return vehicle;
}

/** Changes stored fields as the system would (status, createdAt: SQLite keeps whole seconds, so tests that sort by age set it). */
export async function updateVehicle(t: TestApp, id: number, after: Partial<ListingFields>): Promise<VehicleEntity> {
  const before = await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id });
  const [stored] = await t.app.get(ListingWriter).write(TEST_ACTOR, [{ before, after }]);
  return stored!;
}

/** Deletes one listing, as the system would. */
export async function deleteVehicle(t: TestApp, id: number): Promise<void> {
  const before = await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id });
  await t.app.get(ListingWriter).write(TEST_ACTOR, [{ before, after: null }]);
}

/** Deletes every listing, as the system would (tests that count listings start from none). */
export async function deleteAllVehicles(t: TestApp): Promise<void> {
  const all = await t.app.get(DataSource).getRepository(VehicleEntity).find();
  await t.app.get(ListingWriter).write(TEST_ACTOR, all.map((before) => ({ before, after: null })));
}

export async function setCreatedAt(t: TestApp, id: number, createdAt: Date): Promise<void> {
  await updateVehicle(t, id, { createdAt });
}
