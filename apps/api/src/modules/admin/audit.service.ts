import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import type { AuditAction, AuditEntry, AuditQueryDto, Paginated } from '@app/shared';
import { AuditLogEntity } from './entities/audit-log.entity';
import { toAuditEntry } from './admin-mappers';

export interface AuditRecord {
  actorId: number;
  action: AuditAction;
  vehicleId: number | null;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}

/** The admin audit trail: written in the same transaction as the change it records. */
@Injectable()
export class AuditService {
  constructor(@InjectRepository(AuditLogEntity) private readonly entries: Repository<AuditLogEntity>) {}

  async record(manager: EntityManager, record: AuditRecord): Promise<void> {
    await manager.save(manager.create(AuditLogEntity, record));
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
