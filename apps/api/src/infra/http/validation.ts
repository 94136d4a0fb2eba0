import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { ValidatorOptions } from 'class-validator';
import type { FieldError } from '@app/shared';
import { ValidationFailedException } from './error-body';

/** Flattens class-validator errors to one entry per field, nested fields as dotted paths. */
export function fieldErrors(errors: ValidationError[], parent = ''): FieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = error.constraints
      ? [{ field, message: firstMessage(error.constraints, field) }]
      : [];
    return [...own, ...fieldErrors(error.children ?? [], field)];
  });
}

function firstMessage(constraints: Record<string, string>, field: string): string {
  if (constraints.whitelistValidation) return `${field} is not an accepted field`;
  return Object.values(constraints)[0];
}

/** Query objects that passed validation, kept (ApiValidationPipe.validate): characters of them all, and of the longest kept. */
const PASSED_BYTES = 4 * 1024 * 1024;
const PASSED_KEY_MAX = 2048;

/**
 * Whether every value of the object is one JSON writes as it is (text, a finite number, true or false, a list of
 * texts), so that two objects with the same JSON hold the same values: JSON writes NaN, Infinity and an invalid
 * date as null, and a Map or a Set as {}.
 */
function plainValues(object: object): boolean {
  return Object.values(object).every(
    (value) =>
      value === undefined ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value)) ||
      (Array.isArray(value) && value.every((item) => typeof item === 'string')),
  );
}

/**
 * The global pipe, with two rules for values of the URL that Nest's pipe would coerce:
 * - a query parameter read on its own (`@Query('returnTo')`) that arrives repeated (`?a=1&a=2`, an array)
 *   is a 400 naming it, unless the handler declares an array;
 * - path parameters reach their own pipes as written (no implicit `+value`), so an id pipe can refuse
 *   `1.0`, `1e0` or `0x1` instead of seeing the number 1 (IdParamPipe).
 */
class ApiValidationPipe extends ValidationPipe {
  /**
   * The classes read from a query string (`@Query() dto`, each by a number), and the objects of each that passed,
   * as JSON: a search asked again (most requests ask one of a few thousand searches) is not validated again.
   * class-validator took about 40 µs a search, a fifth of the whole request when its answer is kept; the same object
   * passes the same rules (they read nothing but the object). Objects that failed are validated each time.
   */
  private readonly queryClasses = new WeakMap<object, number>();
  private queryClassCount = 0;
  private readonly passed = new LRUCache<string, true>({ maxSize: PASSED_BYTES, sizeCalculation: (_passed, key) => key.length });

  override transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const kind = metadata.metatype;
    if (metadata.type === 'query' && metadata.data === undefined && typeof kind === 'function' && !this.queryClasses.has(kind)) {
      this.queryClasses.set(kind, (this.queryClassCount += 1));
    }
    return super.transform(value, metadata);
  }

  protected override async validate(object: object, validatorOptions?: ValidatorOptions): Promise<ValidationError[]> {
    const kind = this.queryClasses.get(object.constructor);
    if (kind === undefined) return super.validate(object, validatorOptions);
    const key = plainValues(object) ? `${kind}:${JSON.stringify(object)}` : undefined;
    if (key !== undefined && this.passed.get(key)) return [];
    const errors = await super.validate(object, validatorOptions);
    if (errors.length === 0 && key !== undefined && key.length <= PASSED_KEY_MAX) this.passed.set(key, true);
    return errors;
  }

  protected override transformPrimitive(value: unknown, metadata: ArgumentMetadata): unknown {
    const field = metadata.data;
    if (field && (metadata.type === 'query' || metadata.type === 'param')) {
      if (Array.isArray(value) && metadata.metatype !== Array) {
        throw new ValidationFailedException([{ field, message: `${field} must be given once` }]);
      }
      if (metadata.type === 'param') return value;
    }
    return super.transformPrimitive(value, metadata);
  }
}

/** Whitelist, refuse unknown fields, transform: the global pipe of the API. */
export function createValidationPipe(): ValidationPipe {
  return new ApiValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(fieldErrors(errors)),
  });
}
