import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import type { AdminInquiry, InquiryQueryDto, Paginated } from '@app/shared';
import { ContactMessageEntity } from '../contact';
import { UserEntity } from '../users';
import { ListingReader } from '../vehicles';
import { toAdminInquiry } from './admin-mappers';

type InquiryRow = ContactMessageEntity & { handledBy?: UserEntity | null };

/** Buyers' messages as staff handle them: who handled one and when. */
@Injectable()
export class InquiriesService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly listings: ListingReader,
  ) {}

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
    return { items: await this.withListings(rows as InquiryRow[]), total, page: query.page, limit: query.limit };
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
    return (await this.withListings([row as InquiryRow]))[0]!;
  }

  /** Each message with its listing's summary (null once the listing is gone). */
  private async withListings(rows: InquiryRow[]): Promise<AdminInquiry[]> {
    const listings = await this.listings.summaries(rows.map((m) => m.vehicleId));
    return rows.map((m) => toAdminInquiry(m, listings.get(m.vehicleId) ?? null));
  }

  private query() {
    return this.messages
      .createQueryBuilder('m')
      .leftJoinAndMapOne('m.handledBy', UserEntity, 'handledBy', 'handledBy.id = m.handledById');
  }
}
