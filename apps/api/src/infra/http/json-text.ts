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
 * A value's JSON: its own members and closing brace (`own`: for a value made by withListedJson, as text, encoded when
 * first sent), their length in bytes, and the bytes last sent, with the members written before its own (`head`: the
 * JSON of jsonWith's `first`, `{}` for none). Once sent, `own` is a view of the sent bytes: one copy in memory.
 */
interface Body {
  own: Buffer | string;
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

/** The value's bytes with `head`'s members before its own, made from its own (one copy) and kept as the ones sent. */
function sendWith(body: Body, head: string): Buffer {
  const prefix = head === '{}' ? '{' : `${head.slice(0, -1)},`;
  const bytes = typeof body.own === 'string' ? Buffer.from(prefix + body.own) : Buffer.concat([Buffer.from(prefix), body.own]);
  body.sent = { head, bytes };
  body.own = bytes.subarray(bytes.length - body.ownLength);
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
 * Items' JSON text and its length in UTF-8 bytes (withListedJson), made once per item: an item many answers share is
 * serialized once. Kept as text, not bytes: a kilobyte's buffer is cut from a shared 8 KB slab that stays in memory
 * while any of its pieces does. The API's resident memory after the search bench's MariaDB mixes was 933 to 982 MB
 * with the bytes kept, 899 and 915 MB with the text (806 to 889 MB before either).
 */
const itemTexts = new WeakMap<object, { text: string; length: number }>();

function itemJson(item: unknown): { text: string; length: number } {
  const made = (text: string) => ({ text, length: Buffer.byteLength(text) });
  if (item === null || typeof item !== 'object') return made(JSON.stringify(item) ?? 'null');
  let json = itemTexts.get(item);
  if (json === undefined) {
    json = made(JSON.stringify(item) ?? 'null');
    itemTexts.set(item, json);
  }
  return json;
}

/**
 * `value`, with its JSON made from its `list`'s items' JSON, each serialized once for the item's life and reused by
 * every value that lists it: a search page's listings are kept with their rows and shared by the answers
 * that show them, and serializing and encoding each answer whole (27 KB, most of it listings already serialized for
 * another answer) was the costliest part of a miss. The text is encoded once, when the value is first sent
 * (jsonWith, jsonOf), with what is sent before it. The list is written as the first member; the JSON otherwise
 * reads as JSON.stringify's. The items, like kept answers, must not change afterwards.
 */
export function withListedJson<T extends object>(value: T, list: keyof T & string): T {
  if (bodies.has(value)) return value;
  const { [list]: items, ...rest } = value as Record<string, unknown>;
  if (!Array.isArray(items)) return value;
  const others = JSON.stringify(rest);
  const head = `${JSON.stringify(list)}:[`;
  const tail = others === '{}' ? ']}' : `],${others.slice(1)}`;
  const texts: string[] = [];
  // The commas between the items, and the head's and tail's bytes.
  let ownLength = Math.max(0, items.length - 1) + Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (const item of items) {
    const { text, length } = itemJson(item);
    texts.push(text);
    ownLength += length;
  }
  bodies.set(value, { own: head + texts.join(',') + tail, ownLength });
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
