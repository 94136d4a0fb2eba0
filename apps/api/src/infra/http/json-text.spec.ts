import Fastify from 'fastify';
import { JsonText, jsonLength, jsonOf, jsonWith, sendJsonText, withListedJson } from './json-text';

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

  it('sends the bytes made for the same first members again, and makes them anew when those change', () => {
    const kept = { vehicles: [{ make: 'Škoda' }], total: 1 };
    const plain = jsonOf(kept).toString();
    const first = jsonWith({ available: { rated: 3 } }, kept);
    expect(first.toString()).toBe('{"available":{"rated":3},"vehicles":[{"make":"Škoda"}],"total":1}');
    // The same first members: the same bytes, not a copy.
    expect(jsonWith({ available: { rated: 3 } }, kept)).toBe(first);
    const second = jsonWith({ available: { rated: 4 }, understood: ['land rover'] }, kept);
    expect(second.toString()).toBe('{"available":{"rated":4},"understood":["land rover"],"vehicles":[{"make":"Škoda"}],"total":1}');
    // A buffer sent before is never written to again: it may still be on its way to the socket.
    expect(first.toString()).toBe('{"available":{"rated":3},"vehicles":[{"make":"Škoda"}],"total":1}');
    // None, then some again; and the value's own JSON is still its own.
    expect(jsonWith({}, kept).toString()).toBe(plain);
    expect(jsonWith({ a: 1 }, kept).toString()).toBe('{"a":1,"vehicles":[{"make":"Škoda"}],"total":1}');
    expect(jsonOf(kept).toString()).toBe(plain);
    // A value whose JSON was made from its list (withListedJson) is sent the same way.
    const listed = withListedJson({ vehicles: [{ id: 1 }], page: 1 }, 'vehicles');
    expect(jsonWith({ available: { rated: 0 } }, listed).toString()).toBe('{"available":{"rated":0},"vehicles":[{"id":1}],"page":1}');
    expect(jsonOf(listed).toString()).toBe('{"vehicles":[{"id":1}],"page":1}');
  });

  it("writes a list's items from their JSON made once, and reads as JSON.stringify's with the list first", () => {
    const shared = { id: 1, make: 'Citroën', note: 'a "quoted" \\ word', price: 12_500, sold: null, gone: undefined };
    const other = { id: 2, make: 'Škoda', features: ['Heated seats'], when: new Date(Date.UTC(2026, 10, 28)) };
    const value = withListedJson({ vehicles: [shared, other, null, 7], total: 2, facets: { make: [{ value: 'skoda', count: 1 }] }, skipped: undefined }, 'vehicles');
    expect(jsonOf(value).toString()).toBe(JSON.stringify(value));
    // An empty list, and no other member.
    const empty = withListedJson({ vehicles: [] as object[] }, 'vehicles');
    expect(jsonOf(empty).toString()).toBe('{"vehicles":[]}');
    // The list need not be the first member: it is written first, the others after it in their order.
    const later = withListedJson({ total: 1, vehicles: [other] }, 'vehicles');
    expect(JSON.parse(jsonOf(later).toString())).toEqual(JSON.parse(JSON.stringify(later)));
    expect(jsonOf(later).toString()).toBe(`{"vehicles":[${JSON.stringify(other)}],"total":1}`);
  });

  it('serializes an item once for every value that lists it', () => {
    const item = { n: 1 };
    const first = withListedJson({ vehicles: [item], page: 1 }, 'vehicles');
    item.n = 2;
    // Items, like kept answers, do not change: the second value copies the item's JSON made for the first.
    const second = withListedJson({ vehicles: [item], page: 2 }, 'vehicles');
    expect(jsonOf(first).toString()).toBe('{"vehicles":[{"n":1}],"page":1}');
    expect(jsonOf(second).toString()).toBe('{"vehicles":[{"n":1}],"page":2}');
    // A value whose JSON is already made keeps it.
    expect(jsonOf(withListedJson(first, 'vehicles'))).toBe(jsonOf(first));
  });

  it("tells a value's JSON length without joining it, the same before and after it is sent", () => {
    const listed = withListedJson({ vehicles: [{ make: 'Citroën' }, { make: 'Škoda' }], total: 2 }, 'vehicles');
    const length = Buffer.byteLength('{"vehicles":[{"make":"Citroën"},{"make":"Škoda"}],"total":2}');
    expect(jsonLength(listed)).toBe(length);
    jsonWith({ available: { rated: 1 } }, listed);
    expect(jsonLength(listed)).toBe(length);
    expect(jsonOf(listed).length).toBe(length);
    for (const value of [{ a: 'é' }, {}, [1, 'ü']]) expect(jsonLength(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
    // An array's JSON is its own (the lists of newest and featured listings).
    expect(jsonOf([{ id: 1 }]).toString()).toBe('[{"id":1}]');
  });
});
