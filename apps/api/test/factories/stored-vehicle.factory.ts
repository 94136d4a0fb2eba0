import { DataSource } from 'typeorm';
import type { ListingStatus } from '@app/shared';
import { VehicleEntity } from '../../src/modules/vehicles/entities/vehicle.entity';
import type { TestApp } from '../support/test-app';

/**
 * Writes a listing row straight to the database (for modules that only read listings: contact, uploads).
 * Answers the stored row.
 */
export async function storeVehicle(
  t: TestApp,
  userId: number,
  overrides: Partial<Omit<VehicleEntity, 'status'>> & { status?: ListingStatus } = {},
): Promise<VehicleEntity> {
  const repository = t.app.get(DataSource).getRepository(VehicleEntity);
  return repository.save(
    repository.create({
      userId,
      make: 'BMW',
      model: 'X5',
      year: 2021,
      trim: 'xDrive40i',
      mileage: 24000,
      price: 45999.99,
      condition: 'excellent',
      features: [],
      images: [],
      location: 'Austin, TX',
      zipCode: '78701',
      contactPhone: '(555) 010-4287',
      contactEmail: 'seller@example.com',
      vin: '5UXCR6C04M9D12345',
      recentServices: [],
      status: 'approved',
      ...overrides,
    }),
  );
}
