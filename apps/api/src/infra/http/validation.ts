import { type ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
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

/**
 * The global pipe, with two rules for values of the URL that Nest's pipe would coerce:
 * - a query parameter read on its own (`@Query('returnTo')`) that arrives repeated (`?a=1&a=2`, an array)
 *   is a 400 naming it, unless the handler declares an array;
 * - path parameters reach their own pipes as written (no implicit `+value`), so an id pipe can refuse
 *   `1.0`, `1e0` or `0x1` instead of seeing the number 1 (IdParamPipe).
 */
class ApiValidationPipe extends ValidationPipe {
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
