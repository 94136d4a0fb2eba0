import type { FastifyInstance } from 'fastify';

/**
 * The JSON text of an answer of type T, sent as it is: a handler that already holds its answer's text (a kept
 * search answer, sent many times) answers this instead of the object, and the reply serializer
 * (`sendJsonText`) writes the text without serializing again. The API's document reads a handler declared
 * `Promise<JsonText<T>>` as answering T (scripts/openapi/response-schemas.mts unwraps it like Promise).
 */
export class JsonText<T> {
  /** Only for the type: what the text holds. */
  declare readonly answers?: T;

  constructor(readonly text: string) {}
}

const texts = new WeakMap<object, string>();

/**
 * The JSON text of `value`, serialized once per object: a kept answer's text is made when it is kept (its size
 * in the cache) and reused each time it is sent. The object must not change afterwards (kept answers do not).
 */
export function jsonOf(value: object): string {
  let text = texts.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    texts.set(value, text);
  }
  return text;
}

/** Has the server write a JsonText answer's text as it is; every other answer is serialized as before. */
export function sendJsonText(fastify: FastifyInstance): void {
  fastify.setReplySerializer((payload) => (payload instanceof JsonText ? payload.text : JSON.stringify(payload)));
}
