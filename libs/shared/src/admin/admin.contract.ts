import type { ListingFieldValue, RevisableFields, RevisionFieldDiff } from '../vehicles/listing-lifecycle';
import type { ModerationSignal } from './moderation';
import type { OwnerVehicle } from '../vehicles/vehicle.contract';
import type { AdminEditableField } from '../vehicles/listing-fields';
import type { ListingStatus } from '../vehicles/vocabularies';

/** `GET /api/admin/stats`. */
export interface AdminStats {
  total: number;
  pending: number;
  approved: number;
  rejected: number;
  sold: number;
}

/** A user as staff lists show it (never the password). */
export interface StaffUserSummary {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/**
 * A listing as the admin lists and edits answer it: every field, internal ones included (the owner's
 * shape: VIN, Carfax link, recent services, contact), plus the seller's account.
 */
export interface AdminVehicle extends OwnerVehicle {
  /** The seller's account (its e-mail may differ from the listing's contactEmail). */
  seller: StaffUserSummary | null;
}

export const AUDIT_ACTIONS = ['create', 'status', 'edit', 'feature', 'unfeature', 'delete', 'reject-revision'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** `GET /api/admin/revisions`: a seller's pending changes to a live listing, field by field. */
export interface AdminRevision {
  id: number;
  /** The listing as it is live now. */
  vehicle: AdminVehicle;
  author: StaffUserSummary | null;
  diff: RevisionFieldDiff[];
  /** Why the change deserves a closer look (a new colour with the same photos). */
  signals: ModerationSignal[];
  createdAt: string;
}

/**
 * A value of the audit trail: a listing's stored field (a date as its ISO string, a flag such as
 * isFeatured), or the changes a refused revision proposed.
 */
export type AuditValue = ListingFieldValue | boolean | Partial<RevisableFields>;

/**
 * One admin action; `before` and `after` hold only the fields it changed (a listing's stored fields by name,
 * or a refused revision's id and changes, then the reason and note).
 */
export interface AuditEntry {
  id: number;
  action: AuditAction;
  /** The admin who acted (null when that account was since deleted). */
  actor: StaffUserSummary | null;
  vehicleId: number | null;
  before: Record<string, AuditValue>;
  after: Record<string, AuditValue>;
  createdAt: string;
}

/** A buyer's message about a listing, as staff handle it. */
export interface AdminInquiry {
  id: number;
  vehicleId: number;
  vehicle: { id: number; year: number; make: string; model: string; status: ListingStatus } | null;
  senderName: string;
  senderFirstName: string;
  senderLastName: string;
  senderEmail: string;
  senderPhone: string | null;
  subject: string;
  message: string;
  isFinancingInterest: boolean;
  isTradeInInterest: boolean;
  createdAt: string;
  handledAt: string | null;
  handledBy: StaffUserSummary | null;
}

/**
 * The body of `PATCH /api/admin/vehicles/{id}` (AdminVehicleEditDto checks it): the modal's fields, each
 * optional (null clears an optional one), and isFeatured.
 */
export type AdminVehicleEdit = Partial<Pick<AdminVehicle, AdminEditableField>> & { isFeatured?: boolean };

/** A pending listing in the review queue: its moderation signals and their summed risk. */
export interface PendingAdminVehicle extends AdminVehicle {
  signals: ModerationSignal[];
  risk: number;
}
