import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { SAVED_VEHICLES_MAX, type SavedVehicleIds } from '@app/shared';
import { DataSource, Repository } from 'typeorm';
import { ListingReader } from '../vehicles';
import { SavedVehicleEntity } from './entities/saved-vehicle.entity';

/**
 * Saved vehicles of signed-in accounts, so they follow the person to another device. Only public listings
 * can be saved; a listing that is deleted leaves every list with it (the foreign key), and one that is no
 * longer public stays saved but is not listed until it is public again.
 */
@Injectable()
export class SavedVehiclesService {
  constructor(
    @InjectRepository(SavedVehicleEntity) private readonly saved: Repository<SavedVehicleEntity>,
    private readonly listings: ListingReader,
    private readonly dataSource: DataSource,
  ) {}

  /** The account's saved public listings, newest save first. */
  async list(userId: number): Promise<SavedVehicleIds> {
    const rows = await this.saved.find({ select: { vehicleId: true }, where: { userId }, order: { savedAt: 'DESC', vehicleId: 'DESC' } });
    const shown = await this.listings.publicIds(rows.map((r) => r.vehicleId));
    return { vehicleIds: rows.map((r) => r.vehicleId).filter((id) => shown.has(id)) };
  }

  /** Saves a public listing (again: nothing changes): 404 when it is not public, 409 past SAVED_VEHICLES_MAX. */
  async save(userId: number, vehicleId: number): Promise<void> {
    if (!(await this.listings.publicById(vehicleId))) throw new NotFoundException('Vehicle not found');
    if (await this.saved.existsBy({ userId, vehicleId })) return;
    if ((await this.saved.countBy({ userId })) >= SAVED_VEHICLES_MAX) throw new ConflictException(`You can save up to ${SAVED_VEHICLES_MAX} vehicles: remove some first`);
    await this.saved.createQueryBuilder().insert().into(SavedVehicleEntity).values({ userId, vehicleId, savedAt: Date.now() }).orIgnore().execute();
  }

  async unsave(userId: number, vehicleId: number): Promise<void> {
    await this.saved.delete({ userId, vehicleId });
  }

  /**
   * Adds a browser's own list (newest first) to the account's: its public listings not saved yet, up to
   * SAVED_VEHICLES_MAX in all; unknown and non-public ids are skipped (a stale list is not an error).
   */
  async merge(userId: number, vehicleIds: number[]): Promise<SavedVehicleIds> {
    const wanted = [...new Set(vehicleIds)];
    if (wanted.length > 0) {
      await this.dataSource.transaction(async (manager) => {
        const have = new Set((await manager.find(SavedVehicleEntity, { select: { vehicleId: true }, where: { userId } })).map((r) => r.vehicleId));
        const fresh = wanted.filter((id) => !have.has(id));
        if (fresh.length === 0) return;
        const publicIds = await this.listings.publicIds(fresh);
        const room = Math.max(0, SAVED_VEHICLES_MAX - have.size);
        // Oldest of the browser's saves first, so the newest gets the newest time.
        const rows = fresh.filter((id) => publicIds.has(id)).slice(0, room).reverse();
        const start = Date.now() - rows.length;
        if (rows.length > 0) {
          await manager
            .createQueryBuilder()
            .insert()
            .into(SavedVehicleEntity)
            .values(rows.map((vehicleId, i) => ({ userId, vehicleId, savedAt: start + i })))
            .orIgnore()
            .execute();
        }
      });
    }
    return this.list(userId);
  }
}
