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

const bodies = new WeakMap<object, Buffer>();

/**
 * The JSON of `value` as UTF-8 bytes, serialized once per object: a kept answer's is made when it is kept (its
 * size in the cache) and reused each time it is sent. The object must not change afterwards (kept answers do not).
 */
export function jsonOf(value: object): Buffer {
  let body = bodies.get(value);
  if (body === undefined) {
    body = Buffer.from(JSON.stringify(value));
    bodies.set(value, body);
  }
  return body;
}

/**
 * The JSON of one object with `first`'s members and then `value`'s (kept: jsonOf), as bytes: what a kept answer
 * sends with the parts that are not kept with it. `value`'s bytes are copied, not serialized nor encoded again.
 */
export function jsonWith(first: object, value: object): Buffer {
  const head = JSON.stringify(first);
  const body = jsonOf(value);
  if (head === '{}') return body;
  if (body.length === 2) return Buffer.from(head);
  return Buffer.concat([Buffer.from(`${head.slice(0, -1)},`), body.subarray(1)]);
}

/** Has the server write a JsonText answer's JSON as it is; every other answer is serialized as before. */
export function sendJsonText(fastify: FastifyInstance): void {
  // Typed as answering text, the serializer's answer may be bytes too: Fastify sends a Buffer as it is (reply.js, onSendEnd).
  fastify.setReplySerializer((payload) => (payload instanceof JsonText ? (payload.body as string) : JSON.stringify(payload)));
}
