import { Transform } from 'class-transformer';
import { IsIn, IsOptional } from 'class-validator';
import { PageQueryDto } from '../common/pagination';

/** Why a pending listing deserves a closer look; `weight` adds up to its risk. */
export const SIGNAL_CODES = [
  'vin-check-digit',
  'vin-decode-mismatch',
  'duplicate-vin',
  'duplicate-photo',
  'price-far-below-market',
  'new-account-expensive',
  'shared-contact',
  'color-change-same-photos',
] as const;
export type SignalCode = (typeof SIGNAL_CODES)[number];

export interface ModerationSignal {
  code: SignalCode;
  /** One sentence for the moderator, with the facts ("Same VIN as live listing #12, 2021 BMW X5"). */
  reason: string;
  weight: number;
}

export const SIGNAL_LABELS: Record<SignalCode, string> = {
  'vin-check-digit': 'VIN check digit',
  'vin-decode-mismatch': 'VIN does not match',
  'duplicate-photo': 'Photo used elsewhere',
  'duplicate-vin': 'Duplicate VIN',
  'price-far-below-market': 'Price far below market',
  'new-account-expensive': 'New account, expensive car',
  'shared-contact': 'Contact shared by accounts',
  'color-change-same-photos': 'New colour, same photos',
};

/** `GET /api/admin/vehicles/pending?sort=oldest|risk`. */
export class PendingQueryDto extends PageQueryDto {
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === '' ? undefined : value))
  @IsIn(['oldest', 'risk'], { message: 'sort must be one of: oldest, risk' })
  sort?: 'oldest' | 'risk';
}
