import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  REVISABLE_FIELD_LABELS,
  REVISABLE_FIELDS,
  type RevisableFields,
  type PendingRevision,
  type RejectionReason,
  type RevisionFieldDiff,
} from '@app/shared';
import { EntityManager, In, Repository } from 'typeorm';
import { VehicleRevisionEntity } from '../entities/vehicle-revision.entity';
import type { VehicleEntity } from '../entities/vehicle.entity';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toPendingRevision(r: VehicleRevisionEntity): PendingRevision {
  return { id: r.id, changes: r.changes, createdAt: iso(r.createdAt) };
}

/** The changed fields of a revision, the listing's live value beside the proposed one, in form order. */
export function revisionDiff(vehicle: VehicleEntity, changes: Partial<RevisableFields>): RevisionFieldDiff[] {
  return REVISABLE_FIELDS.filter((f) => Object.prototype.hasOwnProperty.call(changes, f)).map((field) => ({
    field,
    label: REVISABLE_FIELD_LABELS[field],
    before: vehicle[field] ?? null,
    after: changes[field] ?? null,
  }));
}

const photosOf = (changes: Partial<RevisableFields> | undefined): string[] => (Array.isArray(changes?.images) ? (changes.images as string[]) : []);

/**
 * Sellers' pending revisions of live listings: at most one per listing, replaced by a newer edit, decided
 * by staff (the listing itself is written by VehiclesService).
 */
@Injectable()
export class ListingRevisionsService {
  constructor(@InjectRepository(VehicleRevisionEntity) private readonly revisions: Repository<VehicleRevisionEntity>) {}

  /** The pending revision of each listing that has one. */
  async pendingFor(vehicleIds: number[]): Promise<Map<number, VehicleRevisionEntity>> {
    if (vehicleIds.length === 0) return new Map();
    const rows = await this.revisions.find({ where: { vehicleId: In(vehicleIds), status: 'pending' } });
    return new Map(rows.map((r) => [r.vehicleId, r]));
  }

  /**
   * Makes `changes` the listing's pending revision (none when empty), replacing an earlier one. Answers the
   * photos the replaced revision proposed that the new one does not (to remove when no listing uses them).
   */
  async replacePending(m: EntityManager, vehicle: VehicleEntity, authorId: number, changes: Partial<RevisableFields>): Promise<string[]> {
    // A new row each time: staff deciding the replaced one (by its id) find it gone.
    const current = await m.findOneBy(VehicleRevisionEntity, { vehicleId: vehicle.id, status: 'pending' });
    if (current) await m.delete(VehicleRevisionEntity, { id: current.id });
    if (Object.keys(changes).length > 0) await m.save(m.create(VehicleRevisionEntity, { vehicleId: vehicle.id, authorId, status: 'pending', changes }));
    const kept = new Set(photosOf(changes));
    return photosOf(current?.changes).filter((url) => !kept.has(url));
  }

  /** Pending revisions, oldest first, with their listings and authors (the review queue). */
  async pendingPage(page: number, limit: number): Promise<[VehicleRevisionEntity[], number]> {
    return this.revisions.findAndCount({
      where: { status: 'pending' },
      relations: { vehicle: { user: true }, author: true },
      order: { createdAt: 'ASC', id: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
  }

  /** The pending revision, read in the deciding transaction: 404 unknown, 409 already decided. */
  async pendingOr409(m: EntityManager, id: number): Promise<VehicleRevisionEntity> {
    const revision = await m.findOneBy(VehicleRevisionEntity, { id });
    if (!revision) throw new NotFoundException('Revision not found (the seller may have replaced or withdrawn it)');
    if (revision.status !== 'pending') throw new ConflictException(`This revision was already ${revision.status}`);
    return revision;
  }

  /** Records the decision; only if still pending (a concurrent decision or newer edit wins). */
  async decide(
    m: EntityManager,
    revision: VehicleRevisionEntity,
    decision: { status: 'approved' } | { status: 'rejected'; reason: RejectionReason; note: string | null },
    adminId: number,
  ): Promise<void> {
    const result = await m.update(
      VehicleRevisionEntity,
      { id: revision.id, status: 'pending' },
      {
        status: decision.status,
        rejectionReason: decision.status === 'rejected' ? decision.reason : null,
        rejectionNote: decision.status === 'rejected' ? decision.note : null,
        decidedBy: adminId,
        decidedAt: new Date(),
      },
    );
    if (!result.affected) throw new ConflictException('This revision was decided or replaced meanwhile; reload it and try again');
  }

  /** Photos a decided revision proposed. */
  photos(revision: VehicleRevisionEntity): string[] {
    return photosOf(revision.changes);
  }
}
