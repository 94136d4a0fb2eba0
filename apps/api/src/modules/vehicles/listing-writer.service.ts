import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Brackets, DataSource, EntityManager, In, LessThan } from 'typeorm';
import { IMAGE_NOT_ISSUED, IMAGE_NOT_OWNED, imageVariantUrls, isIssuedImageUrl, type UserRole } from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ValidationFailedException } from '../../infra/http/error-body';
import { VersionedCacheService } from '../../infra/cache/versioned-cache.service';
import { OBJECT_STORAGE, type ObjectStorage } from '../../infra/storage/object-storage';
import { VehicleEntity } from './entities/vehicle.entity';
import { ListingReader } from './listing-reader.service';
import { LIFECYCLE_COLUMNS, lifecycleColumns, type LifecycleColumns } from './lifecycle/lifecycle-columns';
import { dealColumns, MARKET_COLUMNS, type MarketColumns } from './pricing/market-columns';
import { LISTINGS_DATA_SET } from './search/search-counts.service';
import { containsPattern, dropFromKeywordIndex, writeKeywordIndex } from './search/keyword-match';
import { writeFeatureIndex } from './search/feature-index';
import { listingChangeFacts, type ListingChangeFacts, type MarketChangeFacts } from './search/search-invalidation';
import { DERIVATION_VERSION, DERIVED_LISTING_COLUMNS, deriveListingColumns, type DerivedListingColumns } from './vehicle-derived';

/** Who writes: a signed-in user (seller or admin, through any route) or the system (demo data, imports, tests). */
export type ListingActor = UserActor | { kind: 'system'; name: string };
type UserActor = { kind: 'user'; id: number; role: UserRole };

export const userActor = (user: { id: number; role: UserRole }): ListingActor => ({ kind: 'user', id: user.id, role: user.role });
export const isAdminActor = (actor: ListingActor): actor is UserActor => actor.kind === 'user' && actor.role === 'admin';

/**
 * Market estimates written in one transaction (writeMarketEstimates). On SQLite a transaction holds the thread that
 * answers requests: 500 held it 30 to 50 ms, and a search that waits for one batch of a refit waits for all of it
 * (at 100,000 listings, the mix during a first refit: p95 111 ms at 500, 78 ms at 100, bench:search).
 */
const MARKET_WRITE_CHUNK = 100;
/**
 * The market columns of `n` listings in one statement (writeMarketEstimates), the same on both engines: each column
 * is a CASE on the id, given as (id, value) pairs in MARKET_COLUMNS' order, then the ids; each listing's updatedAt
 * is stamped as TypeORM's update stamps it (its rating shows on its page). A statement a listing took 1.1 ms a
 * listing on MariaDB at a million listings, nearly all of it the round trip: a first refit wrote 930,000 estimates
 * in about 18 minutes.
 */
function marketUpdateSql(n: number): string {
  const cases = MARKET_COLUMNS.map((column) => `${column} = CASE id${' WHEN ? THEN ?'.repeat(n)} END`).join(', ');
  return `UPDATE vehicles SET ${cases}, updatedAt = CURRENT_TIMESTAMP WHERE id IN (${Array.from({ length: n }, () => '?').join(', ')})`;
}

/** Columns nobody sets by hand: the key, the relation, and what the writer derives or the database stamps. */
type ManagedColumn = 'id' | 'user' | 'createdAt' | 'updatedAt' | 'changedInVersion' | keyof DerivedListingColumns | keyof LifecycleColumns | keyof MarketColumns;

/**
 * The stored fields of a listing as writers give them; the sold price only when selling; the timestamps
 * and life dates only when importing (demo data, tests): the writer keeps them otherwise (lifecycleColumns).
 */
export type ListingFields = Omit<VehicleEntity, ManagedColumn> & { createdAt?: Date; updatedAt?: Date } & Partial<LifecycleColumns>;
export type ListingField = keyof ListingFields;

/**
 * One change of one listing: create (`before` null), update (`after` holds the fields to set; those equal
 * to `before` are ignored) or delete (`after` null). `before` is the row as the caller read it; an
 * update or delete applies only if its status is still the same (otherwise 409), so a review decision
 * is never made on a listing that changed meanwhile.
 */
export type ListingChange =
  | { before: null; after: ListingFields }
  | { before: VehicleEntity; after: Partial<ListingFields> }
  | { before: VehicleEntity; after: null };

/** What listeners of a listing change receive, inside the write's transaction. */
export interface ListingChanged {
  /** The write's transaction: whatever a listener writes with it commits or rolls back with the listing. */
  manager: EntityManager;
  actor: ListingActor;
  kind: 'create' | 'update' | 'delete';
  /** The row before (null for a create) and as now stored (null for a delete). */
  before: Readonly<VehicleEntity> | null;
  after: Readonly<VehicleEntity> | null;
  /** The fields that changed (every stored field for a create or delete). */
  fields: ListingField[];
}

export type ListingChangedListener = (change: ListingChanged) => Promise<void>;

/**
 * Who uploaded each of these photo URLs (the uploads module keeps that record and registers the lookup with
 * usePhotoUploaders): the uploader's id, null for a deleted account; a URL without a record is absent.
 */
export type PhotoUploaders = (manager: EntityManager, urls: readonly string[]) => Promise<Map<string, number | null>>;

/**
 * The one writer of the `vehicles` table: sellers, admins, demo data and test factories all write
 * listings through `write`. In one transaction it writes the rows with their derived search columns,
 * runs the "listing changed" listeners (the audit trail of admin changes, analytics dropping a deleted
 * listing's counts; the natural place for price history or a full-text index) and records each changed
 * listing in the change log (markChanged); after the commit, photos the change dropped leave storage. Rules about what a change
 * may be (review, pending revisions) are decided by the callers before they write.
 */
@Injectable()
export class ListingWriter {
  private readonly logger = new Logger(ListingWriter.name);
  private readonly listeners: ListingChangedListener[] = [];
  private photoUploaders: PhotoUploaders | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: VersionedCacheService,
    private readonly reader: ListingReader,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs `listener` inside the transaction of every listing change that writes something. */
  onListingChanged(listener: ListingChangedListener): void {
    this.listeners.push(listener);
  }

  /** The record of who uploaded which photo (see PhotoUploaders), for the photo rule of checkPhotos. */
  usePhotoUploaders(lookup: PhotoUploaders): void {
    this.photoUploaders = lookup;
  }

  /**
   * Applies the changes in one transaction, in order; answers each listing as stored (null for a
   * delete). An update that changes nothing writes nothing and tells no listener. `alongside` runs in the
   * same transaction after the changes (e.g. a pending revision or a review decision that goes with them).
   */
  async write(
    actor: ListingActor,
    changes: readonly ListingChange[],
    alongside?: (manager: EntityManager, stored: (VehicleEntity | null)[]) => Promise<void>,
  ): Promise<(VehicleEntity | null)[]> {
    const dropped: string[] = [];
    let written: (VehicleEntity | null)[];
    try {
      written = await this.dataSource.transaction(async (manager) => {
        const stored: (VehicleEntity | null)[] = [];
        const logged: ListingChangeFacts[] = [];
        for (const change of changes) {
          const result = await this.apply(manager, actor, change);
          stored.push(result.stored);
          dropped.push(...result.droppedImages);
          if (result.changed) {
            const id = (result.stored ?? change.before)!.id;
            logged.push(listingChangeFacts(id, change.before, result.stored));
          }
        }
        if (alongside) await alongside(manager, stored);
        if (logged.length > 0) await this.markChanged(manager, logged);
        return stored;
      });
    } finally {
      this.cache.invalidate(LISTINGS_DATA_SET);
    }
    await this.removePhotos(dropped);
    return written;
  }

  private async apply(
    manager: EntityManager,
    actor: ListingActor,
    change: ListingChange,
  ): Promise<{ stored: VehicleEntity | null; changed: boolean; droppedImages: string[] }> {
    if (change.before === null) {
      await this.checkPhotos(manager, actor, change.after.userId, change.after.images, []);
      const row = { ...change.after, ...deriveListingColumns(change.after), ...lifecycleColumns(null, change.after) };
      const { identifiers } = await manager.insert(VehicleEntity, row);
      const stored = await manager.findOneByOrFail(VehicleEntity, { id: (identifiers[0] as { id: number }).id });
      await writeKeywordIndex(manager, stored.id, stored.searchText);
      await writeFeatureIndex(manager, stored.id, stored.featureKeys);
      await this.listingChanged({ manager, actor, kind: 'create', before: null, after: stored, fields: this.storedFields(manager) });
      return { stored, changed: true, droppedImages: [] };
    }

    const { before } = change;
    const unchangedSince = { id: before.id, status: before.status };
    if (change.after === null) {
      const { affected } = await manager.delete(VehicleEntity, unchangedSince);
      if (!affected) throw changedMeanwhile();
      await dropFromKeywordIndex(manager, before.id);
      await this.listingChanged({ manager, actor, kind: 'delete', before, after: null, fields: this.storedFields(manager) });
      return { stored: null, changed: true, droppedImages: before.images };
    }

    const fields = (Object.keys(change.after) as ListingField[]).filter((f) => change.after[f] !== undefined && !sameValue(before[f], change.after[f]));
    if (fields.length === 0) return { stored: before, changed: false, droppedImages: [] };
    const set = Object.fromEntries(fields.map((f) => [f, change.after[f]])) as Partial<ListingFields>;
    if (set.images) await this.checkPhotos(manager, actor, set.userId ?? before.userId, set.images, before.images);
    const next = { ...before, ...set };
    const { affected } = await manager.update(VehicleEntity, unchangedSince, { ...set, ...deriveListingColumns(next), ...lifecycleColumns(before, next) });
    if (!affected) throw changedMeanwhile();
    const stored = await manager.findOneByOrFail(VehicleEntity, { id: before.id });
    if (stored.searchText !== before.searchText) await writeKeywordIndex(manager, stored.id, stored.searchText);
    if (stored.featureKeys !== before.featureKeys) await writeFeatureIndex(manager, stored.id, stored.featureKeys);
    await this.listingChanged({ manager, actor, kind: 'update', before, after: stored, fields });
    const droppedImages = set.images ? before.images.filter((url) => !stored.images.includes(url)) : [];
    return { stored, changed: true, droppedImages };
  }

  /**
   * The photo rules of every listing write (400 naming `images`), before anything is stored. Photos the
   * listing already had (`kept`) stay allowed. Any other must be one this site issued (our uploads, or the
   * configured hosted image service's URLs: the request DTO can only check their shape) and, when it is in
   * our storage, one the listing's owner uploaded (DECISIONS.md, issue 27), or, for an admin's edit, one that
   * admin uploaded. Every upload is recorded with its uploader; a stored photo without a record (from before
   * the record) belongs to the owner of the listing that holds it, so it is refused when another owner's
   * listing holds it. The system (imports, which store each photo as its owner's; demo data; test factories)
   * is not checked for ownership. Also for the photos a seller's edit proposes in a pending revision
   * (VehiclesService), before they are held for review.
   */
  async checkPhotos(manager: EntityManager, actor: ListingActor, ownerId: number, images: readonly string[], kept: readonly string[]): Promise<void> {
    const prefixes = this.config.hostedImages ? [this.config.hostedImages.urlPrefix] : [];
    const added = [...new Set(images.filter((url) => !kept.includes(url)))];
    if (!added.every((url) => isIssuedImageUrl(url, prefixes))) throw new ValidationFailedException([{ field: 'images', message: IMAGE_NOT_ISSUED }]);
    const stored = added.filter((url) => this.storage.owns(url));
    if (actor.kind === 'system' || stored.length === 0) return;
    const uploaders = this.photoUploaders ? await this.photoUploaders(manager, stored) : new Map<string, number | null>();
    const mayUse = (uploader: number | null | undefined) => uploader === ownerId || (isAdminActor(actor) && uploader === actor.id);
    const unrecorded = stored.filter((url) => !uploaders.has(url));
    const othersHold = unrecorded.length ? await this.photosOnListingsNotOf(manager, ownerId, unrecorded) : new Set<string>();
    const refused = stored.filter((url) => (uploaders.has(url) ? !mayUse(uploaders.get(url)) : othersHold.has(url)));
    if (refused.length > 0) throw new ValidationFailedException([{ field: 'images', message: IMAGE_NOT_OWNED }]);
  }

  /** Which of `urls` a listing of another owner than `ownerId` holds (a LIKE on the JSON text, few URLs a write). */
  private async photosOnListingsNotOf(manager: EntityManager, ownerId: number, urls: readonly string[]): Promise<Set<string>> {
    const rows = await manager
      .createQueryBuilder(VehicleEntity, 'v')
      .select('v.images', 'text')
      .where('v.userId <> :ownerId', { ownerId })
      .andWhere(
        new Brackets((or) => {
          urls.forEach((url, i) => or.orWhere(`v.images LIKE :p${i} ESCAPE '!'`, { [`p${i}`]: containsPattern(JSON.stringify(url)) }));
        }),
      )
      .getRawMany<{ text: string }>();
    return new Set(urls.filter((url) => rows.some((row) => row.text.includes(JSON.stringify(url)))));
  }

  /**
   * The scheduled market estimate of listings (the deal-ratings job): sets each listing's expected price
   * with what it rests on (null: too uncertain) and the gap and rating at its current price, MARKET_WRITE_CHUNK
   * listings a transaction, each with one change-log row that says what changed (MarketChangeFacts). Not a listing change: no
   * listener runs, nothing else is touched.
   */
  async writeMarketEstimates(estimates: readonly { id: number; expectedPrice: number | null; comparables: number | null; basis: string | null }[]): Promise<number> {
    if (estimates.length === 0) return 0;
    try {
      // One short transaction per MARKET_WRITE_CHUNK listings, with a turn for the event loop between them: a refit
      // that moves every estimate (a new market, a first refit of a million listings) must not hold the database's
      // write lock (SQLite: the whole file) or the thread for minutes.
      for (let from = 0; from < estimates.length; from += MARKET_WRITE_CHUNK) {
        const chunk = estimates.slice(from, from + MARKET_WRITE_CHUNK);
        await this.dataSource.transaction(async (manager) => {
          const rows = await manager.find(VehicleEntity, { select: { id: true, price: true }, where: { id: In(chunk.map((e) => e.id)) } });
          const prices = new Map(rows.map((v) => [v.id, v.price]));
          // Listings deleted since the refit read them are left out.
          const sets = chunk.flatMap((e) => {
            const price = prices.get(e.id);
            if (price === undefined) return [];
            const set: MarketColumns = { expectedPrice: e.expectedPrice, dealComparables: e.comparables, dealBasis: e.basis, ...dealColumns(price, e.expectedPrice) };
            return [{ id: e.id, set }];
          });
          const written = sets.map((s) => s.id);
          if (sets.length > 0) {
            const params = [...MARKET_COLUMNS.flatMap((column) => sets.flatMap(({ id, set }) => [id, set[column]])), ...written];
            await manager.query(marketUpdateSql(sets.length), params);
          }
          // One log row for the batch that says what changed (MarketChangeFacts): searches that neither show these
          // listings nor sort or filter by deal are kept, where a row that drops everything emptied every cache
          // at every batch of a refit.
          await this.markAllChanged(manager, written, { kind: 'market', ids: written });
        });
        this.cache.invalidate(LISTINGS_DATA_SET);
        await nextTurn();
      }
    } finally {
      this.cache.invalidate(LISTINGS_DATA_SET);
    }
    return estimates.length;
  }

  /**
   * Derives the derived columns (with SQLite's keyword index rows and the feature rows) of listings written under an older
   * DERIVATION_VERSION again, 500 a transaction, each with one change-log row. A row a seller or admin
   * writes meanwhile already holds the new derivation and is left as it is. Not a listing change: no listener
   * runs. Answers how many listings it derived again.
   */
  async refreshDerivedColumns(): Promise<number> {
    let refreshed = 0;
    for (;;) {
      const rows = await this.dataSource.getRepository(VehicleEntity).find({ where: { derivedVersion: LessThan(DERIVATION_VERSION) }, order: { id: 'ASC' }, take: 500 });
      if (rows.length === 0) return refreshed;
      try {
        await this.dataSource.transaction(async (manager) => {
          const derivedIds: number[] = [];
          for (const row of rows) {
            const derived = deriveListingColumns(row);
            const { affected } = await manager.update(VehicleEntity, { id: row.id, derivedVersion: LessThan(DERIVATION_VERSION) }, derived);
            if (!affected) continue;
            if (derived.searchText !== row.searchText) await writeKeywordIndex(manager, row.id, derived.searchText);
            if (derived.featureKeys !== row.featureKeys) await writeFeatureIndex(manager, row.id, derived.featureKeys);
            derivedIds.push(row.id);
            refreshed += 1;
          }
          await this.markAllChanged(manager, derivedIds);
        });
      } finally {
        this.cache.invalidate(LISTINGS_DATA_SET);
      }
    }
  }

  /**
   * Records each changed listing in the change log (its search columns before and after: every API instance
   * drops only the cached searches it could alter) and stamps the listing with its log id, in the write's
   * transaction, last before the commit (VersionedCacheService.record): the search counts of an API instance
   * read only the listings changed after the log id they hold (search-counts.service.ts). A deleted listing
   * has no row to stamp.
   */
  private async markChanged(manager: EntityManager, changes: readonly ListingChangeFacts[]): Promise<void> {
    const ids = await this.cache.record(manager, LISTINGS_DATA_SET, changes);
    for (const [i, change] of changes.entries()) {
      if (change.after) await manager.query('UPDATE vehicles SET changedInVersion = ? WHERE id = ?', [ids[i], change.id]);
    }
  }

  /**
   * A bulk job's changes: one log row, and the listings stamped with its id. The row drops every cached search
   * unless `facts` say what changed (a refit's estimates).
   */
  private async markAllChanged(manager: EntityManager, ids: readonly number[], facts: MarketChangeFacts | null = null): Promise<void> {
    if (ids.length === 0) return;
    const [logId] = await this.cache.record(manager, LISTINGS_DATA_SET, [facts]);
    for (let from = 0; from < ids.length; from += 500) {
      const chunk = ids.slice(from, from + 500);
      await manager.query(`UPDATE vehicles SET changedInVersion = ? WHERE id IN (${chunk.map(() => '?').join(', ')})`, [logId, ...chunk]);
    }
  }

  /** The hook point of every listing change (see onListingChanged). */
  private async listingChanged(change: ListingChanged): Promise<void> {
    for (const listener of this.listeners) await listener(change);
  }

  private storedFields(manager: EntityManager): ListingField[] {
    const managed = new Set<string>(['id', 'user', 'updatedAt', 'createdAt', ...DERIVED_LISTING_COLUMNS, ...LIFECYCLE_COLUMNS, ...MARKET_COLUMNS]);
    return manager.connection
      .getMetadata(VehicleEntity)
      .columns.map((c) => c.propertyName)
      .filter((name) => !managed.has(name)) as ListingField[];
  }

  /**
   * Deletes the stored files (every size variant) of photos no listing (nor pending revision) uses any
   * more. A photo URL that another listing still holds stays: a seller cannot remove someone else's photos
   * by listing and deleting them. Failures are logged; the listing change stands. Also for photos a
   * refused or replaced revision proposed.
   */
  async removePhotos(urls: string[]): Promise<void> {
    for (const url of urls) {
      if (!this.storage.owns(url)) continue;
      try {
        if ((await this.reader.imagesInUse([url])).size > 0) continue;
        for (const file of imageVariantUrls(url)) await this.storage.delete(file);
      } catch (error) {
        this.logger.warn(`Could not remove photo ${url}: ${(error as Error).message}`);
      }
    }
  }
}

const changedMeanwhile = () => new ConflictException('The listing was changed meanwhile; reload it and try again');

/** Equal as stored: lists by content, booleans by truth (SQLite answers 0/1), missing and null alike. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a) === JSON.stringify(b);
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a === 'boolean' || typeof b === 'boolean') return Boolean(a) === Boolean(b) && a !== null && b !== null;
  return (a ?? null) === (b ?? null);
}
