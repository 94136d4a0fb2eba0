'use strict';
// A bounded, seeded fuzzer of malformed requests against a running server on loopback. The API's routes, their
// methods, query parameters and request bodies come from its OpenAPI document (GET /api/openapi.json); the other
// routes the server registered (storefront pages, built files: `node dist/apps/api/main.js routes`, or the route
// recorder in the tests) are fuzzed too. Path parameters are replaced by odd or malformed spellings; query
// parameters are the operation's own and others, repeated and nested; bodies are samples of the operation's
// schema and mutated versions of real ones, wrong types, deep nesting, lone surrogates, invalid JSON, odd content
// types and malformed or truncated multipart. Every answer must be < 500; a 5xx or a dropped connection is a
// finding. Used by the jest API test (a few thousand requests) and by `npm run security:scan` (more).
//
//   node scripts/security/fuzz.js --base http://127.0.0.1:3000 [--routes routes.json] [--count 20000] [--seed 7]
//   (the document is read from the server; --routes adds the routes outside /api)

const http = require('node:http');
const { readFileSync } = require('node:fs');
const { parseArgs } = require('node:util');

/** A small deterministic PRNG (mulberry32): the same seed sends the same requests. */
function random(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  return { next, int, pick: (list) => list[int(list.length)], chance: (p) => next() < p };
}

/** Path parameter spellings, as sent on the wire (some percent-encoded, some malformed on purpose). */
const ODD_SEGMENTS = [
  '0', '-1', '1.0', '01', '1e0', '0x1', '+1', '%201', '1%20', '%00', '%E0%A4%A', '%', '%25', '%C0%AF', '%ED%A0%80',
  '..%2F..%2Fetc%2Fpasswd', '9'.repeat(30), '9007199254740993', 'a'.repeat(300), "1'%20OR%20'1'%3D'1", '%F0%9F%9A%97',
  'null', 'undefined', '__proto__', 'constructor', '%5B%5D', 'NaN', 'Infinity', '%0d%0aSet-Cookie:%20x=1', '%2e%2e', '~',
];

const QUERY_KEYS = [
  'returnTo', 'make', 'model', 'trim', 'page', 'limit', 'sort', 'query', 'minPrice', 'maxPrice', 'minYear', 'maxYear',
  'minMileage', 'maxMileage', 'features', 'bodyType', 'fuelType', 'transmission', 'drivetrain', 'condition', 'color',
  'excludeId', 'status', 'from', 'to', 'days', 'period', 'zipCode', 'radius', 'location', 'q', 'id', 'action',
  '__proto__', 'constructor[prototype][polluted]', 'a[b][c]', 'features[]', '',
];

const QUERY_VALUES = [
  '', 'BMW', 'x5', '1', '0', '-5', '2.5', '1e309', '99999999999999999999', 'true', 'false', 'null', "'%20OR%201=1--",
  '%00', '%E0%A4%A', '%ED%A0%80', '/dashboard', '//evil.example', 'https://evil.example/', '%2F%2Fevil.example',
  '%5B%5D', '%7B%22a%22%3A1%7D', 'price_asc', 'newest', 'approved', 'sedan', 'excellent', 'Heated%20Seats', '%F0%9F%9A%97',
  '<script>alert(1)</script>', '..%2F..%2F', 'a'.repeat(3000),
];

const BODY_KEYS = [
  'email', 'password', 'firstName', 'lastName', 'make', 'model', 'year', 'trim', 'mileage', 'price', 'condition',
  'bodyType', 'fuelType', 'transmission', 'drivetrain', 'exteriorColor', 'interiorColor', 'description', 'features',
  'images', 'coverPhotoIndex', 'location', 'zipCode', 'contactPhone', 'contactEmail', 'vin', 'status', 'isFeatured',
  'views', 'id', 'userId', 'handled', 'note', 'message', 'name', 'phone', 'vehicleId', 'reason', 'recentServices',
  'page', 'path', 'referrer', 'events', '__proto__', 'constructor', 'prototype', '',
];

const ODD_STRINGS = [
  '', ' ', 'a', 'a\ud800@example.com', '\udfff', 'a@b', 'a'.repeat(10_000), '<img src=x onerror=alert(1)>', "' OR 1=1 --",
  '$& $` $\' $1', '\u0000', '\u202e', '0', '-1', '1e309', 'NaN', 'true', 'null', '/uploads/../../etc/passwd',
  'https://evil.example/x.jpg', '%E0%A4%A', '😀'.repeat(50), 'x'.repeat(256),
];

const ODD_NUMBERS = [0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2147483648, 0.001, 1900, 2100, 99999999];

function oddValue(rng, depth) {
  switch (rng.int(depth > 3 ? 4 : 7)) {
    case 0: return rng.pick(ODD_STRINGS);
    case 1: return rng.pick(ODD_NUMBERS);
    case 2: return rng.pick([true, false, null]);
    case 3: return rng.pick(['BMW', 'sedan', 'excellent', 'Austin, TX', 'seller@example.com', '78701', 'secret-123']);
    case 4: return Array.from({ length: rng.int(5) }, () => oddValue(rng, depth + 1));
    case 5: return oddObject(rng, depth + 1);
    default: return rng.int(3000);
  }
}

function oddObject(rng, depth = 0) {
  const object = {};
  for (let i = rng.int(6); i > 0; i--) object[rng.pick(BODY_KEYS)] = oddValue(rng, depth);
  return object;
}

/** A real body (a listing, a sign-in…) with a few fields dropped, retyped or added. */
function mutate(rng, body) {
  const copy = JSON.parse(JSON.stringify(body));
  const keys = Object.keys(copy);
  for (let i = 1 + rng.int(3); i > 0; i--) {
    const key = rng.chance(0.8) && keys.length ? rng.pick(keys) : rng.pick(BODY_KEYS);
    const roll = rng.int(4);
    if (roll === 0) delete copy[key];
    else if (roll === 1) copy[key] = [copy[key], copy[key]];
    else copy[key] = oddValue(rng, 0);
  }
  return copy;
}

function nested(depth) {
  return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** A multipart body: well-formed with a random file, or malformed (no closing boundary, cut short…). */
function multipart(rng) {
  const boundary = `----fuzz${rng.int(1e9)}`;
  const field = rng.chance(0.8) ? 'file' : rng.pick(['photo', '', 'file"; x="', 'a'.repeat(200)]);
  const file = Buffer.from(Array.from({ length: rng.int(2000) }, () => rng.int(256)));
  const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const whole = Buffer.concat([head, rng.chance(0.5) ? jpegHead : Buffer.alloc(0), file, tail]);
  const variants = [
    () => whole,
    () => whole.subarray(0, rng.int(whole.length)),
    () => Buffer.concat([head, file]),
    () => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"`),
    () => Buffer.from('not a multipart body'),
    () => Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}\r\n`), head, file, tail]),
  ];
  const contentType = rng.pick([
    `multipart/form-data; boundary=${boundary}`,
    `multipart/form-data; boundary=${boundary}`,
    'multipart/form-data',
    'multipart/form-data; boundary=',
    `multipart/form-data; boundary="${boundary}x"`,
  ]);
  return { contentType, body: rng.pick(variants)() };
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head'];

/**
 * The API's operations from its OpenAPI document, as routes in the router's spelling (`/api/vehicles/:id`),
 * each with its query parameter names and its JSON body schema (references resolved against the document).
 */
function routesFromOpenApi(document) {
  const resolve = (schema, depth = 0) => {
    if (!schema || depth > 8) return schema;
    if (schema.$ref) return resolve(schema.$ref.split('/').slice(1).reduce((node, key) => node?.[key], document), depth + 1);
    const out = { ...schema };
    if (out.properties) out.properties = Object.fromEntries(Object.entries(out.properties).map(([k, v]) => [k, resolve(v, depth + 1)]));
    if (out.items) out.items = resolve(out.items, depth + 1);
    for (const key of ['allOf', 'oneOf', 'anyOf']) if (out[key]) out[key] = out[key].map((v) => resolve(v, depth + 1));
    return out;
  };
  const routes = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((p) => resolve(p));
      const content = operation.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        url: path.replace(/\{(\w+)\}/g, ':$1'),
        queryKeys: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodySchema: content['application/json']?.schema ? resolve(content['application/json'].schema) : undefined,
        multipart: Boolean(content['multipart/form-data']),
      });
    }
  }
  return routes;
}

/** A value of a JSON schema: plausible (its enum, format, bounds), at the edge of its constraints, or just past them. */
function fromSchema(rng, schema, depth = 0) {
  if (!schema || depth > 5) return oddValue(rng, depth);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => fromSchema(rng, s, depth + 1)));
  if (schema.oneOf || schema.anyOf) return fromSchema(rng, rng.pick(schema.oneOf ?? schema.anyOf), depth + 1);
  if (rng.chance(0.1)) return oddValue(rng, depth);
  if (schema.enum) return rng.chance(0.9) ? rng.pick(schema.enum) : `${rng.pick(schema.enum)}x`;
  switch (schema.type) {
    case 'object': {
      const object = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if ((schema.required ?? []).includes(key) ? rng.chance(0.95) : rng.chance(0.5)) object[key] = fromSchema(rng, property, depth + 1);
      }
      return object;
    }
    case 'array': {
      // One past the limit at the top level only: nested arrays of arrays would multiply into huge bodies.
      const length = rng.pick([0, 1, 2, depth === 0 ? (schema.maxItems ?? 10) + 1 : 3]);
      return Array.from({ length }, () => fromSchema(rng, schema.items, depth + 1));
    }
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 100_000;
      const edge = rng.pick([min, max, min - 1, max + 1, min + rng.int(Math.max(1, max - min))]);
      return schema.type === 'integer' || rng.chance(0.7) ? Math.round(edge) : edge + 0.5;
    }
    case 'boolean':
      return rng.chance(0.5);
    case 'string': {
      if (schema.format === 'email') return rng.pick(['buyer@example.com', 'not-an-email', `${'a'.repeat(300)}@example.com`]);
      const length = rng.pick([schema.minLength ?? 1, schema.maxLength ?? 20, (schema.maxLength ?? 255) + 1, Math.max(0, (schema.minLength ?? 1) - 1)]);
      return 'x'.repeat(Math.min(length, 20_000));
    }
    default:
      return oddValue(rng, depth);
  }
}

function body(rng, seeds, route) {
  const roll = rng.int(20);
  if (route?.bodySchema && roll < 5) return { contentType: 'application/json', body: JSON.stringify(fromSchema(rng, route.bodySchema)) };
  if (route?.multipart && roll === 5) return multipart(rng);
  if (roll < 7) return { contentType: 'application/json', body: JSON.stringify(seeds.length && rng.chance(0.7) ? mutate(rng, rng.pick(seeds)) : oddObject(rng)) };
  if (roll === 7) return { contentType: 'application/json', body: rng.chance(0.5) ? nested(20 + rng.int(5000)) : '['.repeat(1 + rng.int(20000)) };
  if (roll === 8) return { contentType: 'application/json', body: rng.pick(['{', '{"a":}', '', 'null', '[]', '"x"', '1', '{"email":"a\\ud800@example.com","password":"x1234567"}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '\u0000']) };
  if (roll === 9) return { contentType: rng.pick(['text/plain', 'application/xml', 'foo/bar', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded']), body: rng.pick(['a=1&a=2&b[c]=3', 'email=a%40b.c&password=x', '<x/>', '%E0%A4%A', 'x'.repeat(5000)]) };
  if (roll === 10) return multipart(rng);
  if (roll === 11) return { contentType: undefined, body: undefined };
  return seeds.length ? { contentType: 'application/json', body: JSON.stringify(rng.pick(seeds)) } : { contentType: undefined, body: undefined };
}

function query(rng, ownKeys = []) {
  if (rng.chance(0.4)) return '';
  const pairs = [];
  for (let i = 1 + rng.int(4); i > 0; i--) {
    const key = ownKeys.length && rng.chance(0.6) ? rng.pick(ownKeys) : rng.pick(QUERY_KEYS);
    const repeats = rng.chance(0.2) ? 2 + rng.int(3) : 1;
    for (let r = 0; r < repeats; r++) pairs.push(rng.chance(0.05) ? key : `${key}=${rng.pick(QUERY_VALUES)}`);
  }
  return `?${pairs.join('&')}`;
}

/** The request path for a route pattern: parameters and wildcards filled in, oddly or plausibly. */
function path(rng, url, ids) {
  return url
    .replace(/:[A-Za-z0-9_]+/g, () => (ids.length && rng.chance(0.35) ? String(rng.pick(ids)) : rng.pick(ODD_SEGMENTS)))
    .replace(/\*$/, () => Array.from({ length: rng.int(3) }, () => rng.pick([...ODD_SEGMENTS, 'vehicles', 'search', 'admin', 'index.html'])).join('/'));
}

const METHODS_WITHOUT_BODY = new Set(['GET', 'HEAD', 'OPTIONS']);

function send(baseUrl, request, timeoutMs) {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = Buffer.byteLength(request.body);
    const req = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, timeout: timeoutMs, agent: request.agent }, (res) => {
      const chunks = [];
      let size = 0;
      res.on('data', (c) => {
        if (size < 2000) chunks.push(c);
        size += c.length;
      });
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8').slice(0, 300) }));
      res.on('error', (error) => resolve({ error: error.code || error.message }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) => resolve({ error: error.code || error.message }));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

/**
 * Sends `count` requests (`concurrency` at a time) to `baseUrl`: over the operations of `openapi` (the API's
 * document) and the routes outside /api of `routes` (the router's list). `cookies`: session cookie headers to
 * send as (an empty string is a visitor); `ids`: record ids that exist; `seeds`: real request bodies to mutate.
 * Answers totals by status, the 5xx answers and the dropped connections, and the routes reached.
 */
async function fuzz({ baseUrl, openapi, routes = [], count = 3000, seed = 1, concurrency = 8, cookies = [''], ids = [], seeds = [], timeoutMs = 15_000 }) {
  if (!openapi?.paths) throw new Error('fuzz: the API\'s OpenAPI document (openapi) is required');
  const rng = random(seed);
  const api = routesFromOpenApi(openapi);
  const other = routes.filter((r) => !r.url.startsWith('/api'));
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const plan = [];
  for (let i = 0; i < count; i++) {
    const route = other.length && rng.chance(0.15) ? rng.pick(other) : rng.pick(api);
    const method = rng.chance(0.03) ? rng.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) : route.method;
    const headers = {};
    // Signing out would end the sessions the rest of the run speaks with: sign-out is fuzzed as a visitor.
    const cookie = /\/logout$/.test(route.url) ? '' : rng.pick(cookies);
    if (cookie) headers.cookie = rng.chance(0.05) ? `${cookie}x` : cookie;
    else if (rng.chance(0.05)) headers.cookie = rng.pick(['cm_session=garbage', 'cm_session=', 'cm_vid=%E0%A4%A', 'a=b; a=c']);
    if (rng.chance(0.05)) headers['x-request-id'] = rng.pick(['short', 'x'.repeat(200), '../../etc', 'ok-request-id-1234']);
    if (rng.chance(0.03)) headers.range = rng.pick(['bytes=5-1', 'bytes=0-', 'bytes=abc', 'bytes=0-1,2-3,4-5']);
    if (rng.chance(0.05)) headers['accept-encoding'] = rng.pick(['br', 'gzip', 'identity;q=0', 'x']);
    const payload = METHODS_WITHOUT_BODY.has(method) && !rng.chance(0.03) ? { body: undefined } : body(rng, seeds, route);
    if (payload.contentType) headers['content-type'] = payload.contentType;
    plan.push({ method, route: `${route.method} ${route.url}`, path: path(rng, route.url, ids) + query(rng, route.queryKeys), headers, body: payload.body, agent });
  }

  const statuses = {};
  const serverErrors = [];
  const networkErrors = [];
  const reached = new Set();
  const started = Date.now();
  let next = 0;
  const worker = async () => {
    while (next < plan.length) {
      const request = plan[next++];
      const answer = await send(baseUrl, request, timeoutMs);
      const sample = { method: request.method, route: request.route, path: request.path.slice(0, 200), contentType: request.headers['content-type'] };
      if (answer.error) {
        networkErrors.push({ ...sample, error: answer.error });
        continue;
      }
      statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
      if (answer.status !== 404 && answer.status !== 405) reached.add(request.route);
      if (answer.status >= 500) serverErrors.push({ ...sample, status: answer.status, body: answer.text });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  agent.destroy();
  return { requests: plan.length, statuses, serverErrors, networkErrors, reached: [...reached].sort(), durationMs: Date.now() - started };
}

module.exports = { fuzz, routesFromOpenApi };

if (require.main === module) {
  const { values } = parseArgs({
    options: { base: { type: 'string' }, routes: { type: 'string' }, count: { type: 'string', default: '3000' }, seed: { type: 'string', default: '1' } },
  });
  if (!values.base) {
    console.error('usage: node scripts/security/fuzz.js --base http://127.0.0.1:PORT [--routes routes.json] [--count N] [--seed N]');
    process.exit(2);
  }
  const base = new URL(values.base);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname)) {
    console.error('the fuzzer only targets a server on loopback');
    process.exit(2);
  }
  const routes = values.routes ? JSON.parse(readFileSync(values.routes, 'utf8')) : [];
  fetch(new URL('/api/openapi.json', base))
    .then((response) => response.json())
    .then((openapi) => fuzz({ baseUrl: values.base, openapi, routes, count: Number(values.count), seed: Number(values.seed) }))
    .then((result) => {
      console.log(JSON.stringify(result, null, 2));
      process.exit(result.serverErrors.length || result.networkErrors.length ? 1 : 0);
    });
}
