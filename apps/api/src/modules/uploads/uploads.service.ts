import { HttpException, HttpStatus, Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { In, IsNull, LessThan, Repository } from 'typeorm';
import { cardImageUrl, imageVariantUrls, LISTING_LIMITS, sizedPhotoStem, type UploadedImage } from '@app/shared';
import type { EncodedPhoto } from '@app/shared/server';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { RateLimiters } from '../../infra/redis/redis.module';
import { OBJECT_STORAGE, type ObjectStorage } from '../../infra/storage/object-storage';
import { ListingReader, ListingWriter } from '../vehicles';
import { UploadEntity } from './entities/upload.entity';
import { PhotoHashBandEntity } from './entities/photo-hash-band.entity';
import { DecodeQueue } from './decode-queue';
import { checkEncodedPhoto, processImage } from './image-processing';
import { hashBands, perceptualHash } from './perceptual-hash';

/** Candidates checked against the listings per query (one scan of `vehicles` per batch). */
const ORPHAN_BATCH = 50;

@Injectable()
export class UploadsService implements OnModuleInit {
  private readonly logger = new Logger(UploadsService.name);
  private readonly quota: RateLimiterAbstract;

  constructor(
    @InjectRepository(UploadEntity) private readonly uploads: Repository<UploadEntity>,
    private readonly listings: ListingReader,
    @Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly writer: ListingWriter,
    private readonly decodes: DecodeQueue,
    limiters: RateLimiters,
  ) {
    // Shared by every instance when REDIS_URL is set (RateLimiters), like the sign-in throttle.
    this.quota = limiters.create({ keyPrefix: 'uploads', points: config.uploadsPerHour, duration: 3600 });
  }

  /**
   * Photos a listing takes are attached at once (in its transaction): they no longer count as the user's loose
   * photos. The listing writer asks this record who uploaded a photo (a listing uses only its owner's).
   */
  onModuleInit(): void {
    this.writer.usePhotoUploaders(async (manager, urls) => {
      const rows = await manager.find(UploadEntity, { select: { id: true, url: true, userId: true }, where: { url: In([...urls]) } });
      return new Map(rows.map((row) => [row.url, row.userId]));
    });
    this.writer.onListingChanged(async ({ manager, after, fields }) => {
      if (!after || !fields.includes('images') || after.images.length === 0) return;
      await manager.update(UploadEntity, { url: In(after.images), attachedAt: IsNull() }, { attachedAt: new Date() });
    });
  }

  /**
   * Room for one more photo: the user holds fewer than UPLOAD_MAX_UNATTACHED photos (and bytes) that no
   * listing uses yet (429 otherwise), and the upload disk keeps UPLOAD_MIN_FREE_MB free (507 otherwise).
   */
  async assertRoom(userId: number): Promise<void> {
    const limits = this.config.uploadLimits;
    const loose = (await this.uploads
      .createQueryBuilder('u')
      .select('COUNT(*)', 'count')
      .addSelect('COALESCE(SUM(u.bytes), 0)', 'bytes')
      .where({ userId, attachedAt: IsNull() })
      .getRawOne()) as { count: number | string; bytes: number | string };
    if (Number(loose.count) >= limits.maxUnattached || Number(loose.bytes) >= limits.maxUnattachedBytes) {
      const hours = Math.round(limits.orphanTtlMs / 3600_000);
      throw new HttpException(
        `You have ${Number(loose.count)} uploaded photos that are not in a listing yet: save them in a listing, or wait, since unused photos are removed after ${hours} hours.`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    const free = await this.storage.freeBytes();
    if (free !== null && free < limits.minFreeBytes + LISTING_LIMITS.maxImageBytes) {
      this.logger.error(`Uploads refused: ${Math.round(free / 1048576)} MB free on the upload disk (UPLOAD_MIN_FREE_MB ${Math.round(limits.minFreeBytes / 1048576)})`);
      throw new HttpException('Photo storage is full right now. Please try again later.', HttpStatus.INSUFFICIENT_STORAGE);
    }
  }

  /** Counts one upload against the user's hourly allowance; 429 beyond it (checked before the body is read). */
  async consumeQuota(userId: number): Promise<void> {
    try {
      await this.quota.consume(String(userId));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
      throw new HttpException(`Too many uploads. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, HttpStatus.TOO_MANY_REQUESTS);
    }
  }

  /**
   * Re-encodes the photo (in a slot of the decode queue: 503 when it is full), stores every size and format
   * of it and records the upload. The row is written right after the first file, so a later failure or crash
   * leaves something the orphan job cleans up; a failed write removes what was written.
   */
  async store(userId: number, input: Buffer): Promise<UploadedImage> {
    return this.save(userId, await processImage(input, (job) => this.decodes.run(job)), true);
  }

  /** Checks that a photo's files are encoded as the upload rules store them (415 otherwise); stores nothing. */
  async checkProcessed(photo: Omit<EncodedPhoto, 'files'>, read: (suffix: string) => Promise<Buffer>): Promise<EncodedPhoto> {
    return checkEncodedPhoto(photo, read);
  }

  /** Stores a photo already encoded by the upload rules (a listing bundle's), after checking it is. */
  async storeProcessed(userId: number, photo: Omit<EncodedPhoto, 'files'>, read: (suffix: string) => Promise<Buffer>): Promise<UploadedImage> {
    // Not hashed: a bundle comes from the operator, and the demo's rendered scenes (flat colours, one layout)
    // look alike to the perceptual hash, so they would all "match" each other in the review queue.
    return this.save(userId, await checkEncodedPhoto(photo, read), false);
  }

  private async save(userId: number, photo: EncodedPhoto, hashed: boolean): Promise<UploadedImage> {
    const now = new Date();
    const folderAndId = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(16).toString('hex')}`;
    const stem = sizedPhotoStem(folderAndId, photo.placeholder, photo.width, photo.height);
    const [largest, ...others] = photo.files;
    if (!largest) throw new Error('An encoded photo has no files');
    const url = await this.storage.put(stem + largest.suffix, largest.data, largest.contentType);
    const cardUrl = cardImageUrl(url);
    const card = photo.files.find((file) => cardUrl.endsWith(stem + file.suffix)) ?? largest;
    const phash = hashed ? await perceptualHash(card.data) : null;
    let uploadId: number | undefined;
    try {
      uploadId = await this.uploads.manager.transaction(async (manager) => {
        const { id } = await manager.save(UploadEntity, manager.create(UploadEntity, { userId, url, bytes: photo.files.reduce((sum, file) => sum + file.data.length, 0), attachedAt: null, phash }));
        if (phash) await manager.insert(PhotoHashBandEntity, hashBands(phash).map((value, band) => ({ band, value, uploadId: id })));
        return id;
      });
      await Promise.all(others.map((file) => this.storage.put(stem + file.suffix, file.data, file.contentType)));
    } catch (error) {
      await this.removeFiles(url);
      if (uploadId !== undefined) await this.uploads.delete({ id: uploadId });
      throw error;
    }
    return { secure_url: url, card_url: cardUrl, width: photo.width, height: photo.height, format: 'webp', bytes: largest.data.length };
  }

  /**
   * The hourly cleanup. Uploads older than UPLOAD_ORPHAN_HOURS and not yet seen in a listing are looked up in
   * `vehicles.images` (a LIKE on the JSON text, 50 candidates per scan: no index helps, and an hourly
   * job over the few photos uploaded a day earlier can afford it). Found ones are marked attached and
   * never checked again; the others are removed with all their files. Safe to run twice.
   */
  async removeOrphans(now = new Date()): Promise<{ removed: number; attached: number }> {
    const cutoff = new Date(now.getTime() - this.config.uploadLimits.orphanTtlMs);
    let removed = 0;
    let attached = 0;
    let afterId = 0;
    for (;;) {
      const candidates = await this.uploads
        .createQueryBuilder('u')
        .select(['u.id', 'u.url'])
        .where({ attachedAt: IsNull(), createdAt: LessThan(cutoff) })
        .andWhere('u.id > :afterId', { afterId })
        .orderBy('u.id', 'ASC')
        .limit(ORPHAN_BATCH)
        .getMany();
      if (candidates.length === 0) break;
      afterId = candidates[candidates.length - 1].id;

      const used = await this.listings.imagesInUse(candidates.map((c) => c.url));
      const attachedIds = candidates.filter((c) => used.has(c.url)).map((c) => c.id);
      if (attachedIds.length > 0) {
        await this.uploads.update(attachedIds, { attachedAt: now });
        attached += attachedIds.length;
      }
      for (const orphan of candidates.filter((c) => !used.has(c.url))) {
        await this.uploads.delete({ id: orphan.id });
        await this.removeFiles(orphan.url);
        removed += 1;
      }
    }
    if (removed > 0) this.logger.log(`Removed ${removed} photo(s) never attached to a listing`);
    return { removed, attached };
  }

  /**
   * Removes every photo a user uploaded that no listing uses (their account is being deleted, after its
   * listings): rows and files at once, instead of at the next hourly clean-up. Answers how many.
   */
  async removeAllOf(userId: number): Promise<number> {
    const rows = await this.uploads.find({ select: { id: true, url: true }, where: { userId } });
    const used = await this.listings.imagesInUse(rows.map((r) => r.url));
    let removed = 0;
    for (const row of rows.filter((r) => !used.has(r.url))) {
      await this.uploads.delete({ id: row.id });
      await this.removeFiles(row.url);
      removed += 1;
    }
    return removed;
  }

  private async removeFiles(url: string): Promise<void> {
    for (const variant of imageVariantUrls(url)) await this.storage.delete(variant);
  }
}
