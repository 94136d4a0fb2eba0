import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  CONTACT_REPLY,
  ContactMessageCreated,
  ContactMessageDto,
  contactSenderName,
  formatPrice,
  sitePath,
  vehicleTitle,
} from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { truncateAddress } from '../../infra/http/client-address';
import { composeMail } from '../../infra/mail/mail-layout';
import type { MailMessage } from '../../infra/mail/mail-transport';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { type VehicleEntity, ListingReader, buyerInquiryNotice } from '../vehicles';
import { LeadsService, type NewLead } from '../desk';
import { UserEntity } from '../users';
import { ContactMessageEntity } from './entities/contact-message.entity';

type ListedVehicle = Pick<VehicleEntity, 'id' | 'userId' | 'year' | 'make' | 'model' | 'trim' | 'price' | 'contactEmail' | 'contactPhone'>;

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly listings: ListingReader,
    private readonly outbox: MailOutbox,
    private readonly leads: LeadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores the message linked to the listing and its seller and, in the same transaction, queues the staff
   * notification and a notice to the seller's account (the associate follows up; no buyer details) in the outbox: the answer never waits for the mail server, and a message is never stored
   * without its e-mail (the outbox's worker sends it, retrying while the server is down).
   */
  async submit(dto: ContactMessageDto, address: string): Promise<ContactMessageCreated> {
    const vehicle: ListedVehicle | null = await this.listings.publicById(dto.vehicleId);
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const seller = await this.messages.manager.findOneBy(UserEntity, { id: vehicle.userId });
    const saved = await this.messages.manager.transaction(async (manager) => {
      const message = await this.store(manager.getRepository(ContactMessageEntity), dto, vehicle, { ipAddress: truncateAddress(address) });
      await this.leads.create(manager, this.leadOf(message, vehicle));
      await this.outbox.enqueue(manager, 'staff-inquiry', this.staffNotification(message, vehicle));
      if (seller) await this.outbox.enqueue(manager, 'seller-inquiry', buyerInquiryNotice(this.config, seller.email, vehicle));
      return message;
    });
    return { id: saved.id };
  }

  /**
   * Records a message received elsewhere (a listing bundle's inquiries): stored as a buyer's message is,
   * with its own time, without notifying staff again.
   */
  async importMessage(dto: ContactMessageDto, receivedAt: Date): Promise<ContactMessageCreated> {
    const vehicle = await this.listings.publicById(dto.vehicleId);
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const saved = await this.messages.manager.transaction(async (manager) => {
      const message = await this.store(manager.getRepository(ContactMessageEntity), dto, vehicle, { ipAddress: null, createdAt: receivedAt });
      await this.leads.create(manager, { ...this.leadOf(message, vehicle), at: receivedAt });
      return message;
    });
    return { id: saved.id };
  }

  /** Every buyer contact is a lead on the desk (DECISIONS.md, turn 3), linked to its message and listing. */
  private leadOf(message: ContactMessageEntity, vehicle: ListedVehicle): NewLead {
    return {
      vehicle,
      source: 'contact',
      buyerName: message.senderName,
      buyerEmail: message.senderEmail,
      buyerPhone: message.senderPhone,
      subject: message.subject,
      body: message.message,
      contactMessageId: message.id,
    };
  }

  private store(
    messages: Repository<ContactMessageEntity>,
    dto: ContactMessageDto,
    vehicle: ListedVehicle,
    extra: { ipAddress: string | null; createdAt?: Date },
  ): Promise<ContactMessageEntity> {
    return messages.save(
      messages.create({
        vehicleId: vehicle.id,
        sellerId: vehicle.userId,
        senderName: contactSenderName(dto),
        senderFirstName: dto.senderFirstName,
        senderLastName: dto.senderLastName,
        senderEmail: dto.senderEmail,
        senderPhone: dto.senderPhone ?? null,
        subject: dto.subject,
        message: dto.message,
        isFinancingInterest: dto.isFinancingInterest ?? false,
        isTradeInInterest: dto.isTradeInInterest ?? false,
        ...extra,
      }),
    );
  }

  private staffNotification(message: ContactMessageEntity, vehicle: ListedVehicle): MailMessage {
    const title = vehicleTitle(vehicle, true);
    const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
    return composeMail(this.config.site, {
      to: this.config.mail.staffEmail ?? '(STAFF_EMAIL not set)',
      replyTo: { name: message.senderName, address: message.senderEmail },
      subject: `Buyer inquiry: ${title} - ${message.subject}`,
      paragraphs: [
        `A buyer wrote about the ${title} (listing #${vehicle.id}, ${formatPrice(vehicle.price)}).\nSeller contact on the listing: ${vehicle.contactEmail}, ${vehicle.contactPhone}`,
        [
          `From: ${message.senderName} <${message.senderEmail}>`,
          `Phone: ${message.senderPhone ?? 'not given'}`,
          `Interested in financing: ${yesNo(message.isFinancingInterest)}`,
          `Has a trade-in: ${yesNo(message.isTradeInInterest)}`,
        ].join('\n'),
        `Subject: ${message.subject}`,
        message.message,
        `Message #${message.id}. The buyer was told an associate replies ${CONTACT_REPLY.promise}: please answer by ${replyBy(message.createdAt)}. Reply to this e-mail to answer the buyer.`,
      ],
      action: { label: 'Open the listing', url: `${this.config.publicUrl ?? ''}${sitePath('/vehicles/:id', { id: vehicle.id })}` },
    });
  }
}

const replyByFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'UTC', timeZoneName: 'short' });

/** When the buyer's promised answer is due (CONTACT_REPLY.hours after the message). */
export function replyBy(receivedAt: Date | undefined): string {
  return replyByFormat.format(new Date((receivedAt ? new Date(receivedAt).getTime() : Date.now()) + CONTACT_REPLY.hours * 3600_000));
}
