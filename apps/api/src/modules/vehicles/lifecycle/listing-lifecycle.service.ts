import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PricePoint } from '@app/shared';
import { Repository } from 'typeorm';
import { VehiclePriceEntity } from '../entities/vehicle-price.entity';
import { ListingWriter, type ListingChanged } from '../listing-writer.service';

/**
 * Price history: every price of a listing is recorded in the transaction of the write that sets it (a
 * listener of the one ListingWriter), from its creation on. The reduction shown on cards is a column the
 * writer keeps (lifecycleColumns).
 */
@Injectable()
export class ListingLifecycleService implements OnModuleInit {
  constructor(
    @InjectRepository(VehiclePriceEntity) private readonly prices: Repository<VehiclePriceEntity>,
    private readonly writer: ListingWriter,
  ) {}

  onModuleInit(): void {
    this.writer.onListingChanged((change) => this.recordPrice(change));
  }

  private async recordPrice({ manager, kind, after, fields }: ListingChanged): Promise<void> {
    if (!after || (kind === 'update' && !fields.includes('price'))) return;
    // A listing's first price dates from its creation (imported listings keep their own date).
    await manager.insert(VehiclePriceEntity, { vehicleId: after.id, price: after.price, ...(kind === 'create' ? { changedAt: after.createdAt } : {}) });
  }

  /** Every price of a listing, oldest first. */
  async history(vehicleId: number): Promise<PricePoint[]> {
    const rows = await this.prices.find({ where: { vehicleId }, order: { id: 'ASC' } });
    return rows.map((r) => ({ price: r.price, at: new Date(r.changedAt).toISOString() }));
  }
}
