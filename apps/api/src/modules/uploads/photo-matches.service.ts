import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, In, Repository } from 'typeorm';
import { PhotoHashBandEntity } from './entities/photo-hash-band.entity';
import { UploadEntity } from './entities/upload.entity';
import { hammingDistance, hashBands, isDistinctive, SAME_PHOTO_MAX_DISTANCE } from './perceptual-hash';

export interface PhotoMatch {
  /** One of the photos asked about. */
  url: string;
  /** Another upload showing the same picture. */
  matchUrl: string;
  /** Bits the two hashes differ by (0 … SAME_PHOTO_MAX_DISTANCE). */
  distance: number;
}

/** Finds uploads that show the same picture as given photos, by their perceptual hashes (see perceptual-hash.ts). */
@Injectable()
export class PhotoMatchesService {
  constructor(@InjectRepository(UploadEntity) private readonly uploads: Repository<UploadEntity>) {}

  /**
   * Uploads within SAME_PHOTO_MAX_DISTANCE bits of one of `urls` (other than that photo itself, possibly another
   * of `urls`); photos without a hash match nothing.
   */
  async similarTo(urls: readonly string[]): Promise<PhotoMatch[]> {
    if (urls.length === 0) return [];
    const asked = (await this.uploads.find({ select: { url: true, phash: true }, where: { url: In([...urls]) } })).filter(
      (u): u is UploadEntity & { phash: string } => u.phash !== null && isDistinctive(u.phash),
    );
    if (asked.length === 0) return [];
    const bandValues = Array.from({ length: hashBands(asked[0].phash).length }, (_, band) => [...new Set(asked.map((u) => hashBands(u.phash)[band]))]);
    const candidates = await this.uploads.manager
      .createQueryBuilder(PhotoHashBandEntity, 'b')
      .innerJoin(UploadEntity, 'u', 'u.id = b.uploadId')
      .distinct(true)
      .select('u.url', 'url')
      .addSelect('u.phash', 'phash')
      .where(
        new Brackets((or) => {
          bandValues.forEach((values, band) => or.orWhere(new Brackets((q) => q.where(`b.band = :band${band}`, { [`band${band}`]: band }).andWhere(`b.value IN (:...values${band})`, { [`values${band}`]: values }))));
        }),
      )
      .getRawMany<{ url: string; phash: string }>();
    const matches: PhotoMatch[] = [];
    for (const photo of asked) {
      for (const candidate of candidates) {
        if (candidate.url === photo.url) continue;
        const distance = hammingDistance(photo.phash, candidate.phash);
        if (distance <= SAME_PHOTO_MAX_DISTANCE) matches.push({ url: photo.url, matchUrl: candidate.url, distance });
      }
    }
    return matches;
  }

  /** Who uploaded each of these photos (null: the account is gone); photos not uploaded here are absent. */
  async uploaders(urls: readonly string[]): Promise<Map<string, number | null>> {
    if (urls.length === 0) return new Map();
    const rows = await this.uploads.find({ select: { url: true, userId: true }, where: { url: In([...urls]) } });
    return new Map(rows.map((u) => [u.url, u.userId]));
  }
}
