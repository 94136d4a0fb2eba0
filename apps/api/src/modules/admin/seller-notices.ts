import { rejectionReasonLabel, sitePath, vehicleTitle } from '@app/shared';
import type { AppConfig } from '../../infra/config/app-config';
import { composeMail } from '../../infra/mail/mail-layout';
import type { MailMessage } from '../../infra/mail/mail-transport';
import type { VehicleEntity } from '../vehicles/entities/vehicle.entity';

type RejectedListing = Pick<VehicleEntity, 'id' | 'year' | 'make' | 'model' | 'trim' | 'rejectionReason' | 'rejectionNote'>;

/** The e-mail to a seller whose listing staff rejected: the reason, the note and where to fix it. */
export function listingRejectedNotice(config: Pick<AppConfig, 'publicUrl' | 'site'>, to: string, listing: RejectedListing): MailMessage {
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
