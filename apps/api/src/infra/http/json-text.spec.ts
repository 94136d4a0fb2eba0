import Fastify from 'fastify';
import { JsonText, jsonOf, jsonWith, sendJsonText } from './json-text';

describe('JsonText', () => {
  it('is written as it is, as JSON, text or bytes, while other answers are serialized as before', async () => {
    const fastify = Fastify();
    sendJsonText(fastify);
    fastify.get('/text', async () => new JsonText<{ a: number }>('{"a":1}'));
    // Bytes of text outside ASCII: the length sent is the bytes', not the characters'.
    fastify.get('/bytes', async () => new JsonText<{ make: string }>(jsonOf({ make: 'Citroën', note: '3 days ago…' })));
    fastify.get('/object', async () => ({ b: [2] }));
    try {
      const text = await fastify.inject({ url: '/text' });
      expect(text.headers['content-type']).toMatch(/^application\/json/);
      expect(text.body).toBe('{"a":1}');
      const bytes = await fastify.inject({ url: '/bytes' });
      expect(bytes.headers['content-type']).toMatch(/^application\/json/);
      expect(bytes.json()).toEqual({ make: 'Citroën', note: '3 days ago…' });
      expect(Number(bytes.headers['content-length'])).toBe(Buffer.byteLength('{"make":"Citroën","note":"3 days ago…"}'));
      const object = await fastify.inject({ url: '/object' });
      expect(object.json()).toEqual({ b: [2] });
    } finally {
      await fastify.close();
    }
  });

  it("serializes an object once: its JSON is kept for the object's life", () => {
    const value = { n: 1 };
    const body = jsonOf(value);
    expect(body.toString()).toBe('{"n":1}');
    value.n = 2;
    // Kept answers never change; the JSON made first is answered again.
    expect(jsonOf(value)).toBe(body);
    expect(jsonOf({ n: 2 }).toString()).toBe('{"n":2}');
  });

  it("writes another object's members before a kept one's, as one object", () => {
    const kept = { vehicles: [{ make: 'Škoda' }], total: 1 };
    expect(JSON.parse(jsonWith({ available: { rated: 3 } }, kept).toString())).toEqual({ available: { rated: 3 }, vehicles: [{ make: 'Škoda' }], total: 1 });
    expect(jsonWith({}, kept)).toBe(jsonOf(kept));
    expect(jsonWith({ a: 1 }, {}).toString()).toBe('{"a":1}');
  });
});
