import Fastify from 'fastify';
import { JsonText, jsonOf, sendJsonText } from './json-text';

describe('JsonText', () => {
  it('is written as it is, as JSON, while other answers are serialized as before', async () => {
    const fastify = Fastify();
    sendJsonText(fastify);
    fastify.get('/text', async () => new JsonText<{ a: number }>('{"a":1}'));
    fastify.get('/object', async () => ({ b: [2] }));
    try {
      const text = await fastify.inject({ url: '/text' });
      expect(text.headers['content-type']).toMatch(/^application\/json/);
      expect(text.body).toBe('{"a":1}');
      const object = await fastify.inject({ url: '/object' });
      expect(object.json()).toEqual({ b: [2] });
    } finally {
      await fastify.close();
    }
  });

  it("serializes an object once: its text is kept for the object's life", () => {
    const value = { n: 1 };
    const text = jsonOf(value);
    expect(text).toBe('{"n":1}');
    value.n = 2;
    // Kept answers never change; the text made first is answered again.
    expect(jsonOf(value)).toBe(text);
    expect(jsonOf({ n: 2 })).toBe('{"n":2}');
  });
});
