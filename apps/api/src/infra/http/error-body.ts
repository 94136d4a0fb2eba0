import { HttpException, HttpStatus } from '@nestjs/common';
import { STATUS_CODES } from 'node:http';
import type { ApiErrorBody, FieldError } from '@app/shared';
import { isDatabaseUnavailable } from '../database/unavailable-errors';
import { DependencyUnavailableException } from './unavailable';

/** Seconds a client is asked to wait (Retry-After) when the database is unreachable: it is retried on each request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now. Please try again in a few seconds.';

/** A 400 that lists each failing field (DECISIONS.md error shape). */
export class ValidationFailedException extends HttpException {
  constructor(readonly errors: FieldError[], message = 'Validation failed') {
    super({ statusCode: HttpStatus.BAD_REQUEST, message, errors }, HttpStatus.BAD_REQUEST);
  }
}

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

export interface ErrorAnswer {
  status: number;
  body: ApiErrorBody;
  /** Logged with its stack: a fault of ours, not of the request or of a dependency. */
  unexpected: boolean;
  /** Seconds for the `Retry-After` header (a 503 for a dependency that is down or full). */
  retryAfter?: number;
}

/**
 * Maps anything thrown to the one error shape. Nest's HTTP exceptions keep their status; Fastify's own
 * errors (body too large, bad JSON, unsupported media type, rate limit) keep theirs when 4xx; a database
 * that cannot be reached or used (unavailable-errors.ts) is a 503 with Retry-After; anything else is a
 * 500 whose details stay in the log.
 */
export function toErrorBody(exception: unknown): ErrorAnswer {
  if (exception instanceof DependencyUnavailableException) {
    return { status: 503, body: { statusCode: 503, message: exception.message }, unexpected: false, retryAfter: exception.retryAfterSeconds };
  }
  if (isDatabaseUnavailable(exception)) {
    return { status: 503, body: { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE }, unexpected: false, retryAfter: DATABASE_RETRY_AFTER_SECONDS };
  }
  if (exception instanceof ValidationFailedException) {
    return { status: 400, body: { statusCode: 400, message: exception.message, errors: exception.errors }, unexpected: false };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // Nest wraps Fastify's own 4xx errors (bad JSON, body too large…) in an HttpException with the cause.
    const cause = exception.cause as FastifyLikeError | undefined;
    const message = cause?.code?.startsWith('FST_') ? fastifyMessage(cause, status) : messageOf(exception.getResponse(), status);
    return { status, body: { statusCode: status, message }, unexpected: status >= 500 };
  }
  const fastifyError = exception as FastifyLikeError;
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const status = fastifyError.statusCode;
    return { status, body: { statusCode: status, message: fastifyMessage(fastifyError, status) }, unexpected: false };
  }
  return { status: 500, body: { statusCode: 500, message: 'Internal server error' }, unexpected: true };
}

function messageOf(response: string | object, status: number): string {
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.join('; ');
  return STATUS_CODES[status] ?? 'Error';
}

function fastifyMessage(error: FastifyLikeError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    case 'FST_ERR_BAD_URL':
      return 'Malformed URL';
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return 'URL is too long';
    default:
      return error.message || STATUS_CODES[status] || 'Error';
  }
}
