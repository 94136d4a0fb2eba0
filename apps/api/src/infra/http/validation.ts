import { ValidationError, ValidationPipe } from '@nestjs/common';
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

/** Whitelist, refuse unknown fields, transform: the global pipe of the API. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    stopAtFirstError: true,
    exceptionFactory: (errors) => new ValidationFailedException(fieldErrors(errors)),
  });
}
