import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';

let counter = 0;

/** A complete listing row, written straight to the database (for tests of modules that read listings). */
export async function insertListing(app: NestFastifyApplication, userId: number, overrides: Partial<VehicleEntity> = {}): Promise<VehicleEntity> {
  counter += 1;
  const repository = app.get(DataSource).getRepository(VehicleEntity);
  const saved = await repository.save(
    repository.create({
      userId,
      make: 'BMW',
      model: 'X5',
      year: 2021,
      trim: 'xDrive40i',
      mileage: 24_000 + counter,
      price: 45_999.5,
      condition: 'excellent',
      bodyType: 'suv',
      fuelType: 'gasoline',
      transmission: 'automatic',
      drivetrain: 'awd',
      exteriorColor: 'black',
      interiorColor: 'beige',
      color: 'black',
      description: 'One owner, full service history.',
      features: ['Heated Seats', 'Navigation System'],
      images: ['/uploads/listings/a.webp', '/uploads/listings/b.webp'],
      coverPhotoIndex: 0,
      location: 'Austin, TX',
      zipCode: '73301',
      contactPhone: '(512) 555-0100',
      contactEmail: `seller${counter}@example.com`,
      contactFirstName: 'Sam',
      contactLastName: 'Seller',
      contactLocation: 'Austin, TX',
      vin: `WBA1234567890${String(1000 + counter).slice(-4)}`,
      carfaxReportUrl: null,
      recentServices: ['Oil change 2024'],
      engine: '3.0L I6',
      mpgCity: 21,
      mpgHighway: 26,
      status: 'pending',
      views: 0,
      isFeatured: false,
      ...overrides,
    }),
  );
  return repository.findOneByOrFail({ id: saved.id });
}
