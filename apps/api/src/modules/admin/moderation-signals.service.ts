import { Injectable, Logger } from '@nestjs/common';
import { colorFamilyOf, expectedVinCheckDigit, formatPrice, vehicleTitle, vinCheckDigitValid, type ModerationSignal, type RevisableFields, type VinDecodeResult } from '@app/shared';
import { VinService } from '../catalog';
import { PhotoMatchesService } from '../uploads';
import { type VehicleEntity, ListingReader } from '../vehicles';

/** A price this far below the market estimate is a scam signal. */
export const FAR_BELOW_MARKET = -0.3;
/** An account younger than this listing a car at or above EXPENSIVE_PRICE. */
export const NEW_ACCOUNT_DAYS = 7;
export const EXPENSIVE_PRICE = 50_000;

const DAY = 86_400_000;
const phoneKey = (phone: string) => phone.replace(/\D/g, '');
/** Decodes kept in memory (a VIN always decodes the same): the queue is read often, by few moderators. */
const DECODE_CACHE_SIZE = 2_000;
/** Listings holding a matched photo looked up per read of the queue (one LIKE scan of the listings each). */
const MAX_MATCHED_PHOTOS = 40;

type Listing = Pick<VehicleEntity, 'year' | 'make' | 'model'>;
const sameText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/**
 * Moderation signals of pending listings, each with its reason: a VIN whose check digit is wrong, a VIN
 * another live or pending listing holds, a price far below the market estimate, a new account listing an
 * expensive car, a contact phone or e-mail used by other accounts. Computed when the queue is read, so
 * they reflect the listings as they are now.
 */
@Injectable()
export class ModerationSignalsService {
  private readonly logger = new Logger(ModerationSignalsService.name);
  private readonly decodes = new Map<string, VinDecodeResult | null>();

  constructor(
    private readonly reader: ListingReader,
    private readonly vins: VinService,
    private readonly photos: PhotoMatchesService,
  ) {}

  async signalsFor(vehicles: readonly VehicleEntity[], now = new Date()): Promise<Map<number, ModerationSignal[]>> {
    const others = await this.reader.byVinOrContact(
      [...new Set(vehicles.map((v) => v.vin))],
      [...new Set(vehicles.map((v) => v.contactPhone))],
      [...new Set(vehicles.map((v) => v.contactEmail))],
    );
    const photoSignals = await this.photoSignals(vehicles);
    const result = new Map<number, ModerationSignal[]>();
    for (const v of vehicles) {
      const signals: ModerationSignal[] = [];
      if (!vinCheckDigitValid(v.vin)) {
        signals.push({ code: 'vin-check-digit', weight: 3, reason: `VIN ${v.vin}: check digit is ${v.vin[8]}, expected ${expectedVinCheckDigit(v.vin)}` });
      }
      const mismatch = decodeMismatch(v, await this.decode(v.vin));
      if (mismatch) signals.push({ code: 'vin-decode-mismatch', weight: 3, reason: mismatch });
      signals.push(...(photoSignals.get(v.id) ?? []));
      const twin = others.find((o) => o.id !== v.id && o.vin === v.vin);
      if (twin) {
        signals.push({ code: 'duplicate-vin', weight: 4, reason: `Same VIN as ${twin.status} listing #${twin.id} (${vehicleTitle(twin)})` });
      }
      if (v.expectedPrice && v.dealComparables) {
        const gap = (v.price - v.expectedPrice) / v.expectedPrice;
        if (gap <= FAR_BELOW_MARKET) {
          signals.push({
            code: 'price-far-below-market',
            weight: 4,
            reason: `Price ${formatPrice(v.price)} is ${Math.round(-gap * 100)}% below the market estimate ${formatPrice(v.expectedPrice)} (${v.dealComparables} comparables)`,
          });
        }
      }
      const accountDays = v.user ? Math.floor((now.getTime() - new Date(v.user.createdAt).getTime()) / DAY) : null;
      if (accountDays !== null && accountDays < NEW_ACCOUNT_DAYS && v.price >= EXPENSIVE_PRICE) {
        signals.push({
          code: 'new-account-expensive',
          weight: 2,
          reason: `Account created ${accountDays === 0 ? 'today' : `${accountDays} day${accountDays === 1 ? '' : 's'} ago`}, listing at ${formatPrice(v.price)}`,
        });
      }
      const sharing = new Set(
        others.filter((o) => o.userId !== v.userId && (phoneKey(o.contactPhone) === phoneKey(v.contactPhone) || o.contactEmail === v.contactEmail)).map((o) => o.userId),
      );
      if (sharing.size > 0) {
        signals.push({
          code: 'shared-contact',
          weight: 3,
          reason: `Contact ${v.contactPhone} / ${v.contactEmail} is on listings of ${sharing.size} other account${sharing.size === 1 ? '' : 's'}`,
        });
      }
      result.set(v.id, signals);
    }
    return result;
  }

  /** The VIN's offline decode, or null when it cannot be decoded (a malformed VIN has its own signal). */
  private async decode(vin: string): Promise<VinDecodeResult | null> {
    if (this.decodes.has(vin)) return this.decodes.get(vin)!;
    let decoded: VinDecodeResult | null = null;
    try {
      decoded = await this.vins.decode(vin);
    } catch (error) {
      this.logger.debug(`VIN ${vin} not decoded: ${(error as Error).message}`);
    }
    if (this.decodes.size >= DECODE_CACHE_SIZE) this.decodes.delete(this.decodes.keys().next().value!);
    this.decodes.set(vin, decoded);
    return decoded;
  }

  /**
   * Photos of these listings that are not the seller's own: one that shows the same picture as a photo of
   * another listing (by perceptual hash), or one another account uploaded (its URL copied from a listing).
   * One signal per listing, the weightiest: low when the other listing is the seller's own.
   */
  private async photoSignals(vehicles: readonly VehicleEntity[]): Promise<Map<number, ModerationSignal[]>> {
    const result = new Map<number, ModerationSignal[]>();
    const urls = vehicles.flatMap((v) => v.images);
    const [matches, uploaders] = await Promise.all([this.photos.similarTo(urls), this.photos.uploaders(urls)]);
    const holders = await this.reader.holdingImages([...new Set(matches.map((m) => m.matchUrl))].slice(0, MAX_MATCHED_PHOTOS));
    for (const v of vehicles) {
      const found: ModerationSignal[] = [];
      const signal = (photoUrl: string, weight: number, what: string) =>
        found.push({ code: 'duplicate-photo', weight, reason: `Photo ${v.images.indexOf(photoUrl) + 1} ${what}` });
      const borrowed = v.images.find((url) => uploaders.has(url) && uploaders.get(url) !== v.userId);
      if (borrowed) signal(borrowed, 4, 'was uploaded by another account');
      for (const match of matches.filter((m) => v.images.includes(m.url))) {
        for (const other of holders.filter((h) => h.id !== v.id && h.images.includes(match.matchUrl))) {
          const sameAccount = other.userId === v.userId;
          signal(match.url, sameAccount ? 1 : 4, `shows the same picture as a photo of ${other.status} listing #${other.id} (${vehicleTitle(other)}) of ${sameAccount ? 'the same' : 'another'} account`);
        }
      }
      // The weightiest finding (another account's photo before the seller's own), the first of equals.
      const worst = found.reduce<ModerationSignal | undefined>((top, s) => (top && top.weight >= s.weight ? top : s), undefined);
      if (worst) result.set(v.id, [worst]);
    }
    return result;
  }
}

/** What the VIN's decode contradicts in the listing (make, model, model year), as a sentence; null when nothing. */
export function decodeMismatch(listing: Listing, decoded: VinDecodeResult | null): string | null {
  if (!decoded?.valid) return null;
  const wrong: string[] = [];
  if (decoded.make && !sameText(decoded.make, listing.make)) wrong.push('make');
  else if (decoded.model && !sameText(decoded.model, listing.model)) wrong.push('model');
  if (decoded.year && decoded.year !== listing.year) wrong.push('year');
  if (wrong.length === 0) return null;
  const said = [listing.year, listing.make, listing.model].join(' ');
  const decodedAs = [decoded.year ?? '', decoded.make ?? '', decoded.model ?? ''].join(' ').trim();
  return `VIN decodes to a ${decodedAs}; the listing says ${said} (${wrong.join(', ')} differ${wrong.length === 1 ? 's' : ''})`;
}

/**
 * Signals of a seller's pending change to a live listing: a new exterior colour (another colour family)
 * with the same photos, which then show a car of another colour: a listing being turned into another car.
 */
export function revisionSignals(live: Pick<VehicleEntity, 'exteriorColor' | 'images'>, changes: Partial<RevisableFields>): ModerationSignal[] {
  const signals: ModerationSignal[] = [];
  if (changes.exteriorColor === undefined) return signals;
  const colour = changes.exteriorColor === null ? null : String(changes.exteriorColor);
  if (colorFamilyOf(colour) !== colorFamilyOf(live.exteriorColor)) {
    const photos = (changes.images ?? live.images) as readonly string[];
    const samePhotos = photos.length > 0 && photos.every((url) => live.images.includes(url));
    if (samePhotos) {
      signals.push({
        code: 'color-change-same-photos',
        weight: 3,
        reason: `Exterior colour changes from ${live.exteriorColor || 'none'} to ${colour || 'none'}, but the photos stay the same`,
      });
    }
  }
  return signals;
}
