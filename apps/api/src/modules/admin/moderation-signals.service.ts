import { Injectable } from '@nestjs/common';
import { expectedVinCheckDigit, formatPrice, vehicleTitle, vinCheckDigitValid, type ModerationSignal } from '@app/shared';
import type { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import { ListingReader } from '../vehicles/listing-reader.service';

/** A price this far below the market estimate is a scam signal. */
export const FAR_BELOW_MARKET = -0.3;
/** An account younger than this listing a car at or above EXPENSIVE_PRICE. */
export const NEW_ACCOUNT_DAYS = 7;
export const EXPENSIVE_PRICE = 50_000;

const DAY = 86_400_000;
const phoneKey = (phone: string) => phone.replace(/\D/g, '');

/**
 * Moderation signals of pending listings, each with its reason: a VIN whose check digit is wrong, a VIN
 * another live or pending listing holds, a price far below the market estimate, a new account listing an
 * expensive car, a contact phone or e-mail used by other accounts. Computed when the queue is read, so
 * they reflect the listings as they are now.
 */
@Injectable()
export class ModerationSignalsService {
  constructor(private readonly reader: ListingReader) {}

  async signalsFor(vehicles: readonly VehicleEntity[], now = new Date()): Promise<Map<number, ModerationSignal[]>> {
    const others = await this.reader.byVinOrContact(
      [...new Set(vehicles.map((v) => v.vin))],
      [...new Set(vehicles.map((v) => v.contactPhone))],
      [...new Set(vehicles.map((v) => v.contactEmail))],
    );
    const result = new Map<number, ModerationSignal[]>();
    for (const v of vehicles) {
      const signals: ModerationSignal[] = [];
      if (!vinCheckDigitValid(v.vin)) {
        signals.push({ code: 'vin-check-digit', weight: 3, reason: `VIN ${v.vin}: check digit is ${v.vin[8]}, expected ${expectedVinCheckDigit(v.vin)}` });
      }
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
}
