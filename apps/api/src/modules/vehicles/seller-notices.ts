import { rejectionReasonLabel, sitePath, vehicleTitle } from '@app/shared';
import type { AppConfig } from '../../infra/config/app-config';
import { composeMail } from '../../infra/mail/mail-layout';
import type { MailMessage } from '../../infra/mail/mail-transport';
import type { VehicleEntity } from './entities/vehicle.entity';

type RejectedListing = Pick<VehicleEntity, 'id' | 'year' | 'make' | 'model' | 'trim' | 'rejectionReason' | 'rejectionNote'>;
type NoticeConfig = Pick<AppConfig, 'publicUrl' | 'site'>;

/** The e-mail to a seller whose listing staff approved: it is live, here is its public page. */
export function listingApprovedNotice(config: NoticeConfig, to: string, listing: Pick<VehicleEntity, 'id' | 'year' | 'make' | 'model' | 'trim'>): MailMessage {
  const title = vehicleTitle(listing, true);
  const base = config.publicUrl ?? '';
  return composeMail(config.site, {
    to,
    subject: `Your ${title} is live`,
    paragraphs: [
      `Our staff reviewed your listing of the ${title} and published it: buyers can find it now.`,
      'When a buyer writes about it, your dedicated associate follows up with them and keeps you posted. Your dashboard counts the views and inquiries.',
    ],
    action: { label: 'See your listing', url: `${base}${sitePath('/vehicles/:id', { id: listing.id })}` },
    footer: [`Your listings: ${base}${sitePath('/dashboard')}`],
  });
}

/** The e-mail to a seller when a buyer writes about their listing: the associate follows up. */
export function buyerInquiryNotice(config: NoticeConfig, to: string, listing: Pick<VehicleEntity, 'id' | 'year' | 'make' | 'model' | 'trim'>): MailMessage {
  const title = vehicleTitle(listing, true);
  const base = config.publicUrl ?? '';
  return composeMail(config.site, {
    to,
    subject: `A buyer asked about your ${title}`,
    paragraphs: [
      `A buyer has just written to us about your ${title}.`,
      `Your dedicated associate follows up with them, usually within one business day, and calls you when there is an offer or a viewing to arrange. You do not need to do anything now. Questions? Call us at ${config.site.supportPhone}.`,
    ],
    action: { label: 'Open your dashboard', url: `${base}${sitePath('/dashboard')}` },
  });
}

/** The e-mail to a seller whose listing staff rejected: the reason, the note and where to fix it. */
export function listingRejectedNotice(config: NoticeConfig, to: string, listing: RejectedListing): MailMessage {
  const title = vehicleTitle(listing, true);
  const base = config.publicUrl ?? '';
  const reason = rejectionReasonLabel(listing.rejectionReason);
  return composeMail(config.site, {
    to,
    subject: `Your listing of the ${title} was not published`,
    paragraphs: [
      `Our staff reviewed your listing of the ${title} and could not publish it.`,
      reason ? `Reason: ${reason}` : 'No reason was given.',
      ...(listing.rejectionNote ? [`Note from our staff: ${listing.rejectionNote}`] : []),
      'Edit the listing to fix this and it goes back to our staff for review.',
    ],
    action: { label: 'Edit the listing', url: `${base}${sitePath('/edit-listing/:id', { id: listing.id })}` },
    footer: [`Your listings: ${base}${sitePath('/dashboard')}`],
  });
}
