import type { AdminInquiry, AdminVehicle, AuditEntry, AuditValue, StaffUserSummary } from '@app/shared';
import type { ContactMessageEntity } from '../contact';
import type { UserEntity } from '../users';
import { type VehicleEntity, type ListingSummary, toOwnerVehicle, type OwnerExtras } from '../vehicles';
import type { AuditLogEntity } from './entities/audit-log.entity';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toStaffUser(user: UserEntity | null | undefined): StaffUserSummary | null {
  return user ? { id: user.id, email: user.email, firstName: user.firstName, lastName: user.lastName } : null;
}

/** The owner's shape of the listing (every field) plus the seller's account (joined as `user`). */
export function toAdminVehicle(v: VehicleEntity, extras: OwnerExtras): AdminVehicle {
  return { ...toOwnerVehicle(v, extras), seller: toStaffUser(v.user) };
}

export function toAuditEntry(entry: AuditLogEntity): AuditEntry {
  return {
    id: entry.id,
    action: entry.action,
    actor: toStaffUser(entry.actor),
    vehicleId: entry.vehicleId,
    // simple-json columns: what reads back is what JSON.stringify wrote (AuditService and the revision decisions).
    before: entry.before as Record<string, AuditValue>,
    after: entry.after as Record<string, AuditValue>,
    createdAt: iso(entry.createdAt),
  };
}

export function toAdminInquiry(m: ContactMessageEntity & { handledBy?: UserEntity | null }, vehicle: ListingSummary | null): AdminInquiry {
  return {
    id: m.id,
    vehicleId: m.vehicleId,
    vehicle,
    senderName: m.senderName,
    senderFirstName: m.senderFirstName,
    senderLastName: m.senderLastName,
    senderEmail: m.senderEmail,
    senderPhone: m.senderPhone,
    subject: m.subject,
    message: m.message,
    isFinancingInterest: Boolean(m.isFinancingInterest),
    isTradeInInterest: Boolean(m.isTradeInInterest),
    createdAt: iso(m.createdAt),
    handledAt: m.handledAt ? iso(m.handledAt) : null,
    handledBy: toStaffUser(m.handledBy),
  };
}
