import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  ADMIN_EDITABLE_FIELDS,
  LIST_VALUED_FIELDS,
  AdminRevision,
  AdminStats,
  AdminVehicle,
  ListingStatus,
  PageQueryDto,
  Paginated,
  RejectDto,
  STATUS_TRANSITIONS,
  type UpdateListingStatusDto,
  type ModerationSignal,
  type PendingAdminVehicle,
  type PendingQueryDto,
  canChangeStatus,
  colorFamilyOf,
} from '@app/shared';
import { DataSource } from 'typeorm';
import { type VehicleEntity, ListingRevisionsService, revisionDiff, ListingReader, ListingWriter, userActor, type ListingField, type ListingFields, listingApprovedNotice, listingRejectedNotice } from '../vehicles';
import type { AuthUser } from '../auth';
import { toAdminVehicle, toStaffUser } from './admin-mappers';
import { AuditService } from './audit.service';
import { ModerationSignalsService, revisionSignals } from './moderation-signals.service';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import type { AdminVehicleEditDto } from '@app/shared/server';

const withSignals = (v: AdminVehicle, signals: ModerationSignal[]): PendingAdminVehicle => ({ ...v, signals, risk: signals.reduce((sum, s) => sum + s.weight, 0) });

/** Columns that hold lists: `null` from the form clears them to an empty list. */
const LIST_FIELDS = new Set<string>(LIST_VALUED_FIELDS);

type Changes = Partial<Record<ListingField, unknown>>;

/** The admins' work on listings: review lists, counts, status changes and edits (audited by AuditService). */
@Injectable()
export class AdminVehiclesService {
  constructor(
    private readonly reader: ListingReader,
    private readonly writer: ListingWriter,
    private readonly revisions: ListingRevisionsService,
    private readonly audit: AuditService,
    private readonly dataSource: DataSource,
    private readonly signals: ModerationSignalsService,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Pending listings with their moderation signals and risk (the review queue): oldest first, or highest
   * risk first (then oldest).
   */
  async pending(query: PendingQueryDto): Promise<Paginated<PendingAdminVehicle>> {
    const byRisk = query.sort === 'risk';
    const { rows, total } = byRisk ? await this.reader.allPending().then((all) => ({ rows: all, total: all.length })) : await this.reader.pageByStatus('pending', 'ASC', query.page, query.limit);
    const [signals, inquiries] = await Promise.all([this.signals.signalsFor(rows), this.reader.inquiryCounts(rows.map((v) => v.id))]);
    const items = rows.map((v) => withSignals(toAdminVehicle(v, { inquiries: inquiries.get(v.id) ?? 0 }), signals.get(v.id) ?? []));
    if (!byRisk) return { items, total, page: query.page, limit: query.limit };
    // Highest risk first; equal risk keeps the queue's order (oldest first).
    const start = (query.page - 1) * query.limit;
    return { items: items.sort((a, b) => b.risk - a.risk).slice(start, start + query.limit), total, page: query.page, limit: query.limit };
  }

  /** Approved listings, newest first. */
  approved(query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    return this.list('approved', 'DESC', query);
  }

  async stats(): Promise<AdminStats> {
    const counts = await this.reader.countByStatus();
    return { total: Object.values(counts).reduce((sum, n) => sum + n, 0), ...counts };
  }

  /**
   * Moves a listing to another status (STATUS_TRANSITIONS): 404 unknown listing, 409 a move that is not
   * allowed (or a concurrent change won). The same status again changes nothing and records nothing.
   * A rejection keeps its reason and note on the listing (cleared when it leaves rejected) and e-mails
   * them to the seller's account; an approval e-mails the seller the public link (not a sold listing reopened).
   */
  async changeStatus(id: number, input: UpdateListingStatusDto, admin: Pick<AuthUser, 'id' | 'role'>): Promise<AdminVehicle> {
    const { status } = input;
    const before = await this.find(id);
    if (before.status !== status) {
      if (!canChangeStatus(before.status, status)) {
        const allowed = STATUS_TRANSITIONS[before.status].join(', ');
        throw new ConflictException(`A ${before.status} listing cannot be marked ${status} (allowed: ${allowed})`);
      }
      const rejection = status === 'rejected' ? { rejectionReason: input.reason ?? null, rejectionNote: input.note ?? null } : {};
      // A seller hears when their listing goes live from review and when it is rejected.
      const notice = status === 'rejected' ? 'listing-rejected' : status === 'approved' && before.status !== 'sold' ? 'listing-approved' : null;
      const sellerEmail = notice ? (await this.reader.withSeller(id))?.user?.email : undefined;
      // The notice is queued in the write's transaction: the seller hears of exactly the change that was stored.
      await this.writer.write(userActor(admin), [{ before, after: { status, ...rejection } }], async (manager, [stored]) => {
        if (!stored || !sellerEmail || !notice) return;
        const message = notice === 'listing-rejected' ? listingRejectedNotice(this.config, sellerEmail, stored) : listingApprovedNotice(this.config, sellerEmail, stored);
        await this.outbox.enqueue(manager, notice, message);
      });
    }
    return this.load(id);
  }

  /**
   * Applies the admin edit modal's fields and the Featured flag; live at once (the status is kept). Only
   * fields that really change are written (and so audited); nothing changed records nothing. Photos
   * dropped by the edit leave storage once it is saved.
   */
  async edit(id: number, input: AdminVehicleEditDto, admin: Pick<AuthUser, 'id' | 'role'>): Promise<AdminVehicle> {
    const before = await this.find(id);
    await this.writer.write(userActor(admin), [{ before, after: this.changesOf(before, input) }]);
    return this.load(id);
  }

  /** Sellers' pending changes to live listings, oldest first, each as a field-by-field diff against the live version. */
  async pendingRevisions(query: PageQueryDto): Promise<Paginated<AdminRevision>> {
    const [rows, total] = await this.revisions.pendingPage(query.page, query.limit);
    const inquiries = await this.reader.inquiryCounts(rows.map((r) => r.vehicleId));
    const items = rows.map((r) => ({
      id: r.id,
      vehicle: toAdminVehicle(r.vehicle!, { pending: r, inquiries: inquiries.get(r.vehicleId) ?? 0 }),
      author: toStaffUser(r.author),
      diff: revisionDiff(r.vehicle!, r.changes),
      signals: revisionSignals(r.vehicle!, r.changes),
      createdAt: new Date(r.createdAt).toISOString(),
    }));
    return { items, total, page: query.page, limit: query.limit };
  }

  /**
   * Applies a pending revision to its listing (live at once; audited as the admin's edit) and records the
   * decision in the same transaction. 404 unknown (or replaced by a newer edit), 409 already decided.
   */
  async approveRevision(id: number, admin: Pick<AuthUser, 'id' | 'role'>): Promise<AdminVehicle> {
    const revision = await this.revisions.pendingOr409(this.dataSource.manager, id);
    const before = await this.find(revision.vehicleId);
    const after = { ...revision.changes } as Partial<ListingFields>;
    const images = (after.images ?? before.images) as string[];
    if (((after.coverPhotoIndex ?? before.coverPhotoIndex) as number) >= images.length) after.coverPhotoIndex = 0;
    await this.writer.write(userActor(admin), [{ before, after }], (manager) => this.revisions.decide(manager, revision, { status: 'approved' }, admin.id));
    return this.load(before.id);
  }

  /** Refuses a pending revision with a reason (the live listing stays as it is); the photos it proposed leave storage. */
  async rejectRevision(id: number, input: RejectDto, admin: Pick<AuthUser, 'id' | 'role'>): Promise<AdminVehicle> {
    const revision = await this.dataSource.transaction(async (manager) => {
      const pending = await this.revisions.pendingOr409(manager, id);
      const note = input.note ?? null;
      await this.revisions.decide(manager, pending, { status: 'rejected', reason: input.reason, note }, admin.id);
      await this.audit.record(manager, {
        actorId: admin.id,
        action: 'reject-revision',
        vehicleId: pending.vehicleId,
        before: { revision: pending.id, changes: pending.changes },
        after: { reason: input.reason, note },
      });
      return pending;
    });
    await this.writer.removePhotos(this.revisions.photos(revision));
    return this.load(revision.vehicleId);
  }

  /** The fields the admin sent, as they would be stored (the writer keeps those that differ). */
  private changesOf(vehicle: VehicleEntity, input: AdminVehicleEditDto): Partial<ListingFields> {
    const wanted: Changes = {};
    for (const field of ADMIN_EDITABLE_FIELDS) {
      // Only the fields the admin sent: an optional field sent empty arrives as undefined (cleared).
      if (!Object.prototype.hasOwnProperty.call(input, field)) continue;
      const value = input[field] ?? null;
      wanted[field] = value === null && LIST_FIELDS.has(field) ? [] : value;
    }
    if (input.isFeatured !== undefined) wanted.isFeatured = input.isFeatured;

    // The listing rules check a cover sent with its photos; photos sent alone that no longer reach the
    // current cover make the first photo the cover (as the admin modal does).
    if (wanted.coverPhotoIndex === null) wanted.coverPhotoIndex = 0;
    const images = wanted.images as string[] | undefined;
    if (wanted.coverPhotoIndex === undefined && images !== undefined && vehicle.coverPhotoIndex >= images.length) wanted.coverPhotoIndex = 0;
    // The colour families (search filters on them) follow the colours.
    if (wanted.exteriorColor !== undefined) wanted.color = colorFamilyOf(wanted.exteriorColor as string | null);
    if (wanted.interiorColor !== undefined) wanted.interiorColorFamily = colorFamilyOf(wanted.interiorColor as string | null);

    return wanted as Partial<ListingFields>;
  }

  private async list(status: ListingStatus, order: 'ASC' | 'DESC', query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    const { rows, total } = await this.reader.pageByStatus(status, order, query.page, query.limit);
    const ids = rows.map((v) => v.id);
    const [pending, inquiries] = await Promise.all([this.revisions.pendingFor(ids), this.reader.inquiryCounts(ids)]);
    return { items: rows.map((v) => toAdminVehicle(v, { pending: pending.get(v.id), inquiries: inquiries.get(v.id) ?? 0 })), total, page: query.page, limit: query.limit };
  }

  private async find(id: number): Promise<VehicleEntity> {
    const vehicle = await this.reader.byId(id);
    if (!vehicle) throw new NotFoundException('Listing not found');
    return vehicle;
  }

  private async load(id: number): Promise<AdminVehicle> {
    const vehicle = await this.reader.withSeller(id);
    if (!vehicle) throw new NotFoundException('Listing not found');
    const [pending, inquiries] = await Promise.all([this.revisions.pendingFor([id]), this.reader.inquiryCounts([id])]);
    return toAdminVehicle(vehicle, { pending: pending.get(id), inquiries: inquiries.get(id) ?? 0 });
  }
}
