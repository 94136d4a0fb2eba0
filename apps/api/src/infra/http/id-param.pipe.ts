import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { ValidationFailedException } from './error-body';

/** A record id as it may appear in a URL: decimal digits, no sign, no leading zero, no spaces. */
const CANONICAL_ID = /^[1-9][0-9]*$/;

/**
 * The id in its one canonical form, or null: `1.0`, `01`, `1e0`, `0x1`, `+1`, ` 1`, `0` and numbers past
 * the safe integer range all name no record, so no spelling but one reaches a record.
 */
export function parseCanonicalId(value: unknown): number | null {
  if (typeof value !== 'string' || !CANONICAL_ID.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The pipe of every route parameter that names a record by id (`@Param('id', IdParamPipe)`): anything but
 * the canonical decimal form is a 400 naming the parameter. It must see the path text as written, so the
 * global validation pipe leaves path parameters untouched (validation.ts).
 */
@Injectable()
export class IdParamPipe implements PipeTransform<unknown, number> {
  transform(value: unknown, metadata: ArgumentMetadata): number {
    const id = parseCanonicalId(value);
    if (id !== null) return id;
    const field = metadata.data ?? 'id';
    throw new ValidationFailedException([{ field, message: `${field} must be a positive whole number written in digits` }]);
  }
}
