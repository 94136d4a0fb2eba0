import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { AdminInquiry, InquiryQueryDto, Paginated } from '@app/shared';
import { ContactMessageEntity } from '../contact/entities/contact-message.entity';
import { UserEntity } from '../users/entities/user.entity';
import { toAdminInquiry } from './admin-mappers';

type InquiryRow = ContactMessageEntity & { handledBy?: UserEntity | null };

/** Buyers' messages as staff handle them: who handled one and when. */
@Injectable()
export class InquiriesService {
  constructor(@InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>) {}

  /** Newest first; by listing and by handled or not. */
  async list(query: InquiryQueryDto): Promise<Paginated<AdminInquiry>> {
    const qb = this.query();
    if (query.vehicleId !== undefined) qb.andWhere('m.vehicleId = :vehicleId', { vehicleId: query.vehicleId });
    if (query.handled !== undefined) qb.andWhere(query.handled ? 'm.handledAt IS NOT NULL' : 'm.handledAt IS NULL');
    const [rows, total] = await qb
      .orderBy('m.createdAt', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    return { items: (rows as InquiryRow[]).map(toAdminInquiry), total, page: query.page, limit: query.limit };
  }

  /**
   * Marks an inquiry handled by this admin (one already handled keeps its first handler and time), or
   * reopens it with `handled: false`.
   */
  async setHandled(id: number, handled: boolean, adminId: number): Promise<AdminInquiry> {
    const message = await this.messages.findOneBy({ id });
    if (!message) throw new NotFoundException('Inquiry not found');
    if (handled && !message.handledAt) {
      await this.messages.update({ id, handledAt: IsNull() }, { handledAt: new Date(), handledById: adminId });
    } else if (!handled && message.handledAt) {
      await this.messages.update({ id }, { handledAt: null, handledById: null });
    }
    const row = await this.query().where('m.id = :id', { id }).getOne();
    return toAdminInquiry(row as InquiryRow);
  }

  private query() {
    return this.messages
      .createQueryBuilder('m')
      .leftJoinAndSelect('m.vehicle', 'vehicle')
      .leftJoinAndMapOne('m.handledBy', UserEntity, 'handledBy', 'handledBy.id = m.handledById');
  }
}
