import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { AuditAction, AuditEntry, AuditQueryDto, Paginated } from '@app/shared';
import { isAdminActor, ListingWriter, type ListingChanged } from '../vehicles';
import { AuditLogEntity } from './entities/audit-log.entity';
import { toAuditEntry } from './admin-mappers';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  vehicleId: number | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/**
 * The admin audit trail: written in the same transaction as the change it records. Every listing change
 * an admin makes, through any route (console, storefront edit page, delete), reaches it through the
 * listing writer's "listing changed" hook.
 */
@Injectable()
export class AuditService implements OnModuleInit {
  constructor(
    @InjectRepository(AuditLogEntity) private readonly entries: Repository<AuditLogEntity>,
    private readonly listings: ListingWriter,
  ) {}

  onModuleInit(): void {
    this.listings.onListingChanged((change) => this.recordListingChange(change));
  }

  async record(manager: EntityManager, record: AuditRecord): Promise<void> {
    await manager.save(manager.create(AuditLogEntity, record));
  }

  private async recordListingChange({ manager, actor, kind, before, after, fields }: ListingChanged): Promise<void> {
    if (!isAdminActor(actor)) return;
    const vehicleId = (after ?? before)!.id;
    const pick = (row: Readonly<Record<string, unknown>> | null) => (row ? Object.fromEntries(fields.map((f) => [f, row[f]])) : {});
    await this.record(manager, { actorId: actor.id, action: auditAction(kind, fields, after), vehicleId, before: pick(before), after: pick(after) });
  }

  /** Newest first, optionally for one listing. */
  async list(query: AuditQueryDto): Promise<Paginated<AuditEntry>> {
    const qb = this.entries.createQueryBuilder('a').leftJoinAndSelect('a.actor', 'actor');
    if (query.vehicleId !== undefined) qb.where('a.vehicleId = :vehicleId', { vehicleId: query.vehicleId });
    const [rows, total] = await qb
      .orderBy('a.id', 'DESC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    return { items: rows.map(toAuditEntry), total, page: query.page, limit: query.limit };
  }
}

/** How the trail names a listing change: a lone status or Featured change by its own name, others as edits. */
function auditAction(kind: ListingChanged['kind'], fields: string[], after: ListingChanged['after']): AuditAction {
  if (kind !== 'update') return kind;
  if (fields.length === 1 && fields[0] === 'status') return 'status';
  if (fields.length === 1 && fields[0] === 'isFeatured') return after?.isFeatured ? 'feature' : 'unfeature';
  return 'edit';
}
