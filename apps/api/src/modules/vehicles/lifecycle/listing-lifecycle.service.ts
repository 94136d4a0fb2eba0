import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ListingStatus, PricePoint } from '@app/shared';
import { EntityManager, Repository } from 'typeorm';
import { VehiclePriceEntity } from '../entities/vehicle-price.entity';
import { VehicleEntity } from '../entities/vehicle.entity';

/** What the lifecycle needs of a listing as it was before a write. */
export interface ListingSnapshot {
  price: number;
  status: ListingStatus;
}

export const snapshotOf = (v: Pick<VehicleEntity, 'price' | 'status'>): ListingSnapshot => ({ price: v.price, status: v.status });

/**
 * The listing's life after each write, in the write's transaction: every price is recorded (and the latest
 * reduction kept on the listing for labels and the "Recently reduced" sort; a later increase clears it),
 * the first time it goes live, when it is sold (cleared with the sold price when it leaves sold).
 */
@Injectable()
export class ListingLifecycleService {
  constructor(@InjectRepository(VehiclePriceEntity) private readonly prices: Repository<VehiclePriceEntity>) {}

  /** Call after a listing is saved; `before` is null for a new listing. Updates `after` in place. */
  async afterWrite(m: EntityManager, before: ListingSnapshot | null, after: VehicleEntity): Promise<void> {
    const now = new Date();
    const patch: Partial<VehicleEntity> = {};
    if (!before || before.price !== after.price) {
      await m.insert(VehiclePriceEntity, { vehicleId: after.id, price: after.price });
      if (before && after.price < before.price) Object.assign(patch, { priceReducedAt: now, priceReducedFrom: before.price });
      else if (after.priceReducedAt) Object.assign(patch, { priceReducedAt: null, priceReducedFrom: null });
    }
    if ((after.status === 'approved' || after.status === 'sold') && !after.publishedAt) patch.publishedAt = now;
    if (after.status === 'sold' && !after.soldAt) patch.soldAt = now;
    if (after.status !== 'sold' && (after.soldAt || after.soldPrice != null || after.soldPriceShown)) {
      Object.assign(patch, { soldAt: null, soldPrice: null, soldPriceShown: false });
    }
    if (Object.keys(patch).length === 0) return;
    await m.update(VehicleEntity, { id: after.id }, patch);
    Object.assign(after, patch);
  }

  /** Every price of a listing, oldest first. */
  async history(vehicleId: number): Promise<PricePoint[]> {
    const rows = await this.prices.find({ where: { vehicleId }, order: { id: 'ASC' } });
    return rows.map((r) => ({ price: r.price, at: new Date(r.changedAt).toISOString() }));
  }
}
