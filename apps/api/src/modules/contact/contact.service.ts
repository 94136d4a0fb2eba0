import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  ContactMessageCreated,
  ContactMessageDto,
  contactSenderName,
  formatPrice,
  vehicleTitle,
} from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { truncateAddress } from '../../infra/http/client-address';
import type { MailMessage } from '../../infra/mail/mail-transport';
import { MailService } from '../../infra/mail/mail.service';
import type { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import { ListingReader } from '../vehicles/listing-reader.service';
import { ContactMessageEntity } from './entities/contact-message.entity';

type ListedVehicle = Pick<VehicleEntity, 'id' | 'userId' | 'year' | 'make' | 'model' | 'trim' | 'price' | 'contactEmail' | 'contactPhone'>;

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly listings: ListingReader,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Stores the message linked to the listing and its seller, then notifies staff by e-mail. The message is
   * stored first and the e-mail leaves in the background: a slow or failing mail server neither delays
   * nor fails the answer (the failure is logged; staff still see the stored message).
   */
  async submit(dto: ContactMessageDto, address: string): Promise<ContactMessageCreated> {
    const vehicle: ListedVehicle | null = await this.listings.publicById(dto.vehicleId);
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const saved = await this.store(dto, vehicle, { ipAddress: truncateAddress(address) });
    this.mail.sendInBackground(this.staffNotification(saved, vehicle), `the staff notification of contact message ${saved.id}`);
    return { id: saved.id };
  }

  /**
   * Records a message received elsewhere (a listing bundle's inquiries): stored as a buyer's message is,
   * with its own time, without notifying staff again.
   */
  async importMessage(dto: ContactMessageDto, receivedAt: Date): Promise<ContactMessageCreated> {
    const vehicle = await this.listings.publicById(dto.vehicleId);
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const saved = await this.store(dto, vehicle, { ipAddress: null, createdAt: receivedAt });
    return { id: saved.id };
  }

  private store(dto: ContactMessageDto, vehicle: ListedVehicle, extra: { ipAddress: string | null; createdAt?: Date }): Promise<ContactMessageEntity> {
    return this.messages.save(
      this.messages.create({
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
    const link = `${this.config.publicUrl ?? ''}/vehicles/${vehicle.id}`;
    const yesNo = (flag: boolean) => (flag ? 'yes' : 'no');
    const text = [
      `A buyer wrote about the ${title} (listing #${vehicle.id}, ${formatPrice(vehicle.price)}).`,
      `Listing: ${link}`,
      `Seller contact on the listing: ${vehicle.contactEmail}, ${vehicle.contactPhone}`,
      '',
      `From: ${message.senderName} <${message.senderEmail}>`,
      `Phone: ${message.senderPhone ?? 'not given'}`,
      `Interested in financing: ${yesNo(message.isFinancingInterest)}`,
      `Has a trade-in: ${yesNo(message.isTradeInInterest)}`,
      '',
      `Subject: ${message.subject}`,
      '',
      message.message,
      '',
      `Message #${message.id}. Reply to this e-mail to answer the buyer.`,
    ].join('\n');
    return {
      to: this.config.mail.staffEmail ?? '(STAFF_EMAIL not set)',
      replyTo: { name: message.senderName, address: message.senderEmail },
      subject: `Buyer inquiry: ${title} - ${message.subject}`.slice(0, 250),
      text,
    };
  }
}
