import { BadRequestException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { RawServerDefault } from 'fastify';
import type { FieldError } from '@app/shared';
import { ValidationFailedException } from './error-body';

/** Deeper than any request body of the API (a listing is three levels deep); far below a stack overflow. */
export const MAX_JSON_DEPTH = 32;

/**
 * The JSON body parser: Fastify's own (with its prototype-poisoning checks), guarded on both sides.
 * - Before parsing, a linear scan of the raw text refuses nesting deeper than MAX_JSON_DEPTH (400), so
 *   nothing recursive (the parser's poisoning scan, class-transformer, class-validator) ever meets a body
 *   nested thousands of levels deep.
 * - After parsing, every string (values and field names) must be well-formed UTF-16: a JSON escape such as
 *   `"\ud800"` yields a lone surrogate, which no field accepts and which makes `encodeURI` (used by the
 *   e-mail rules) throw. It is a 400 naming the field.
 */
export function registerJsonBodyParser(app: NestFastifyApplication): void {
  const fastify = app.getHttpAdapter().getInstance();
  const { onProtoPoisoning, onConstructorPoisoning, bodyLimit } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(onProtoPoisoning ?? 'error', onConstructorPoisoning ?? 'error');
  app.useBodyParser<RawServerDefault>('application/json', { bodyLimit }, (request, body, done) => {
    const text = body.toString('utf8');
    if (exceedsDepth(text, MAX_JSON_DEPTH)) {
      done(new BadRequestException('Request body is nested too deeply'), undefined);
      return;
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      const errors = illFormedStrings(value);
      if (errors.length) return done(new ValidationFailedException(errors), undefined);
      done(null, value);
    });
  });
}

/**
 * The one form body the API takes: RFC 8058's one-click unsubscribe (`List-Unsubscribe=One-Click`, posted by
 * mail clients to the List-Unsubscribe URL, whose query carries the token). It reads as an empty body; any
 * other form body is a 415, as before.
 */
export function registerOneClickUnsubscribeParser(app: NestFastifyApplication): void {
  app.useBodyParser<RawServerDefault>('application/x-www-form-urlencoded', { bodyLimit: 256 }, (_request, body, done) => {
    if (body.toString('utf8').trim() === 'List-Unsubscribe=One-Click') return done(null, {});
    done(new UnsupportedMediaTypeException('Send JSON (Content-Type: application/json)'), undefined);
  });
}

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** True when the JSON text nests objects/arrays deeper than `max` (brackets inside strings do not count). */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return false;
}

/** A lone (unpaired) UTF-16 surrogate: the `u` flag matches surrogate pairs as one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** One error per string of a parsed body that is not well-formed UTF-16, by dotted path (`features.1`). */
function illFormedStrings(value: unknown, path = ''): FieldError[] {
  const field = path || 'body';
  if (typeof value === 'string') {
    return LONE_SURROGATE.test(value) ? [{ field, message: `${field} is not valid Unicode text` }] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  const errors: FieldError[] = [];
  for (const [key, item] of Object.entries(value)) {
    if (LONE_SURROGATE.test(key)) {
      errors.push({ field, message: `${field} has a field name that is not valid Unicode text` });
      continue;
    }
    errors.push(...illFormedStrings(item, path ? `${path}.${key}` : key));
  }
  return errors;
}
