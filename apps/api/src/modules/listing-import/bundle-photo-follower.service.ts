import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { In, Repository } from 'typeorm';
import { LISTING_BUNDLE_FILE, type ListingBundle } from '@app/shared';
import { JobLockService } from '../../infra/jobs/job-lock.service';
import { UploadsService } from '../uploads';
import { VehiclesService } from '../vehicles';
import { bundlePhotoReader, donePhotosOf } from './bundle-files';
import { PendingBundlePhotoEntity } from './entities/pending-bundle-photo.entity';

/** How often the photos still to come are looked for. */
const FOLLOW_INTERVAL_MS = 1500;
const FOLLOW_JOB = 'bundle-photos';

export type PendingBundlePhoto = Omit<PendingBundlePhotoEntity, 'id' | 'vehicle'>;

/** Whether the bundle may still write photos (bundle.json says `photosPending`); a bundle gone writes none. */
function stillWriting(dir: string): boolean {
  try {
    return (JSON.parse(readFileSync(join(dir, LISTING_BUNDLE_FILE), 'utf8')) as ListingBundle).photosPending === true;
  } catch {
    return false;
  }
}

/**
 * The photos of imported listings that their bundle was still writing (the demo's first start: its listings
 * show at once, their photos as they are rendered). Each photo, once its files are whole (listed in the
 * bundle's photos.done), is stored by the upload rules and appended to its listing, in order. A photo the
 * bundle finished without is given up, with a warning. Runs while any is pending, under a job lock (one
 * instance of several attaches each photo once); the rows survive a restart.
 */
@Injectable()
export class BundlePhotoFollower implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BundlePhotoFollower.name);
  private timer: NodeJS.Timeout | null = null;
  private pass: Promise<number> | null = null;

  constructor(
    @InjectRepository(PendingBundlePhotoEntity) private readonly pending: Repository<PendingBundlePhotoEntity>,
    private readonly uploads: UploadsService,
    private readonly vehicles: VehiclesService,
    private readonly lock: JobLockService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if ((await this.pending.count()) > 0) this.follow();
  }

  onModuleDestroy(): void {
    this.stop();
  }

  /** Records photos to come (after their listings are written) and starts looking for them. */
  async expect(photos: readonly PendingBundlePhoto[]): Promise<void> {
    if (photos.length === 0) return;
    await this.pending.insert([...photos]);
    this.follow();
  }

  /**
   * One pass: attaches every pending photo whose files are whole and whose earlier photos are attached;
   * answers how many are still pending. Passes never overlap.
   */
  attachReady(): Promise<number> {
    this.pass ??= this.attachUnderLock().finally(() => (this.pass = null));
    return this.pass;
  }

  private follow(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.attachReady()
        .then((left) => left === 0 && this.stop())
        .catch((error: unknown) => this.logger.error(`Attaching bundle photos failed: ${(error as Error).stack ?? String(error)}`));
    }, FOLLOW_INTERVAL_MS);
    this.timer.unref();
  }

  private stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private async attachUnderLock(): Promise<number> {
    await this.lock.runExclusive(FOLLOW_JOB, () => this.attach());
    return this.pending.count();
  }

  private async attach(): Promise<void> {
    const rows = await this.pending.find({ order: { vehicleId: 'ASC', position: 'ASC' } });
    const bundles = new Map<string, { done: ReturnType<typeof donePhotosOf>; writing: boolean }>();
    const bundle = (dir: string) => {
      let state = bundles.get(dir);
      // Whether it is still writing is read before its photos.done: a photo missing from a finished bundle is missing for good.
      if (!state) bundles.set(dir, (state = { writing: stillWriting(dir), done: donePhotosOf(dir) }));
      return state;
    };
    const byListing = new Map<number, PendingBundlePhotoEntity[]>();
    for (const row of rows) byListing.set(row.vehicleId, [...(byListing.get(row.vehicleId) ?? []), row]);

    for (const [vehicleId, photos] of byListing) {
      const urls: string[] = [];
      const finished: number[] = [];
      for (const row of photos) {
        const { done, writing } = bundle(row.bundleDir);
        const photo = done.get(row.file);
        if (!photo) {
          if (writing) break; // later photos wait for this one: the listing keeps its order
          this.logger.warn(`Bundle photo ${row.file} of listing ${vehicleId} was never written: left out`);
          finished.push(row.id);
          continue;
        }
        try {
          urls.push((await this.uploads.storeProcessed(row.ownerId, photo, bundlePhotoReader(row.bundleDir, photo))).secure_url);
        } catch (error) {
          this.logger.warn(`Bundle photo ${row.file} of listing ${vehicleId} is unusable, left out: ${(error as Error).message}`);
        }
        finished.push(row.id);
      }
      if (urls.length > 0) await this.vehicles.attachImportedPhotos(photos[0]!.source, vehicleId, urls);
      if (finished.length > 0) await this.pending.delete({ id: In(finished) });
    }
  }
}
