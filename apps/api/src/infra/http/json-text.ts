import type { FastifyInstance } from 'fastify';

/**
 * The JSON of an answer of type T, sent as it is: a handler that already holds its answer's JSON (a kept search
 * answer, sent many times) answers this instead of the object, and the reply serializer (`sendJsonText`) writes
 * it without serializing again. As UTF-8 bytes (jsonOf), the server writes them with no length to measure and no
 * text to encode per reply: with a 40 KB search page, each was a pass over the text. The API's document reads a
 * handler declared `Promise<JsonText<T>>` as answering T (scripts/openapi/response-schemas.mts unwraps it like
 * Promise).
 */
export class JsonText<T> {
  /** Only for the type: what the JSON holds. */
  declare readonly answers?: T;

  constructor(readonly body: string | Buffer) {}
}

/**
 * A value's JSON: its own members and closing brace (`own`: for a value made by withListedJson, the parts they are
 * made of, joined when first sent), and the bytes last sent, with the members written before its own (`head`: the
 * JSON of jsonWith's `first`, `{}` for none). Once sent, `own` is a view of the sent bytes: one copy in memory.
 */
interface Body {
  own: Buffer | readonly Buffer[];
  ownLength: number;
  sent?: { head: string; bytes: Buffer };
}

const bodies = new WeakMap<object, Body>();

function bodyOf(value: object): Body {
  let body = bodies.get(value);
  if (body === undefined) {
    const bytes = Buffer.from(JSON.stringify(value));
    body = { own: bytes.subarray(1), ownLength: bytes.length - 1, sent: { head: '{}', bytes } };
    bodies.set(value, body);
  }
  return body;
}

const OPEN = Buffer.from('{');
const COMMA = Buffer.from(',');

/** The value's bytes with `head`'s members before its own, made from its own (one copy) and kept as the ones sent. */
function sendWith(body: Body, head: string): Buffer {
  const prefix = head === '{}' ? OPEN : Buffer.from(`${head.slice(0, -1)},`);
  const bytes = Buffer.concat([prefix, ...(Buffer.isBuffer(body.own) ? [body.own] : body.own)], prefix.length + body.ownLength);
  body.sent = { head, bytes };
  body.own = bytes.subarray(prefix.length);
  return bytes;
}

/**
 * The JSON of `value` as UTF-8 bytes, serialized once per object: a kept answer's is made when it is kept and reused
 * each time it is sent. The object must not change afterwards (kept answers do not).
 */
export function jsonOf(value: object): Buffer {
  const body = bodyOf(value);
  return body.sent?.head === '{}' ? body.sent.bytes : sendWith(body, '{}');
}

/** The length in bytes of `value`'s JSON (jsonOf), without joining it: a kept answer's size in the cache. */
export function jsonLength(value: object): number {
  return 1 + bodyOf(value).ownLength;
}

/**
 * Items' JSON as UTF-8 bytes (withListedJson), made once per item: an item many answers share is neither serialized
 * nor encoded again. Encoded where it is made, a page's items (read together, kept as long) share the buffer pool's
 * slabs.
 */
const itemBytes = new WeakMap<object, Buffer>();

function itemJson(item: unknown): Buffer {
  if (item === null || typeof item !== 'object') return Buffer.from(JSON.stringify(item) ?? 'null');
  let bytes = itemBytes.get(item);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(item) ?? 'null');
    itemBytes.set(item, bytes);
  }
  return bytes;
}

/**
 * `value`, with its JSON made from its `list`'s items' JSON, each serialized and encoded once for the item's life and
 * reused by every value that lists it: a search page's listings are kept with their rows and shared by the answers
 * that show them, and serializing and encoding each answer whole (27 KB, most of it listings already serialized for
 * another answer) was the costliest part of a miss. The parts are joined once, when the value is first sent
 * (jsonWith, jsonOf), with what is sent before them. The list is written as the first member; the JSON otherwise
 * reads as JSON.stringify's. The items, like kept answers, must not change afterwards.
 */
export function withListedJson<T extends object>(value: T, list: keyof T & string): T {
  if (bodies.has(value)) return value;
  const { [list]: items, ...rest } = value as Record<string, unknown>;
  if (!Array.isArray(items)) return value;
  const others = JSON.stringify(rest);
  const own: Buffer[] = [Buffer.from(`${JSON.stringify(list)}:[`)];
  items.forEach((item, k) => {
    if (k > 0) own.push(COMMA);
    own.push(itemJson(item));
  });
  own.push(Buffer.from(others === '{}' ? ']}' : `],${others.slice(1)}`));
  bodies.set(value, { own, ownLength: own.reduce((sum, part) => sum + part.length, 0) });
  return value;
}

/**
 * The JSON of one object with `first`'s members and then `value`'s (kept: jsonOf), as bytes: what a kept answer
 * sends with the parts that are not kept with it. `value`'s bytes are copied, not serialized nor encoded again, and
 * only when `first` differs from the last time: the bytes sent are kept in place of the value's own (one copy in
 * memory), so a kept answer asked again with the same `first` (the search's `available`, which changes when a
 * listing's first rating or price cut does) is sent as it is. Copying 27 KB into a new buffer for each answer sent
 * was 4 % of the server's thread in the bench's mixes, and the garbage collector's work after it more. A buffer
 * once sent is never written to again (it may still be on its way to the socket).
 */
export function jsonWith(first: object, value: object): Buffer {
  const head = JSON.stringify(first);
  const body = bodyOf(value);
  if (body.sent?.head === head) return body.sent.bytes;
  // The value has no member of its own: `{}`.
  if (body.ownLength === 1) return Buffer.from(head);
  return sendWith(body, head);
}

/** Has the server write a JsonText answer's JSON as it is; every other answer is serialized as before. */
export function sendJsonText(fastify: FastifyInstance): void {
  // Typed as answering text, the serializer's answer may be bytes too: Fastify sends a Buffer as it is (reply.js, onSendEnd).
  fastify.setReplySerializer((payload) => (payload instanceof JsonText ? (payload.body as string) : JSON.stringify(payload)));
}
