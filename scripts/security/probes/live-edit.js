'use strict';
// Issue 27, part 3: one live edit of an approved listing once went public at once with the price cut from
// $20,000 to $1, a description carrying phone numbers, a WhatsApp number and a wire-payment link, and photos
// from another seller's listing. This chain replays it against the running demo server as the demo seller
// (and as staff for the photo rule of admin edits), then puts the listing back as it was.

const SCAM_TEXT = ' Call 555-010-4287 or 555-010-9911, WhatsApp +1 555 010 7788. Pay the deposit by wire: https://pay-wire.example.com/car';

async function call(baseUrl, method, path, { cookie, body } = {}) {
  const headers = { origin: baseUrl };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  let json = null;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: json, text };
}

/**
 * The listing as its owner's PUT body: the owner view, less the fields the server refuses in a body (it names
 * them in its 400, so no list of form fields is copied here). Tried with the unchanged listing, which changes nothing.
 */
async function putBodyOf(baseUrl, cookie, id) {
  const owner = await call(baseUrl, 'GET', `/api/vehicles/${id}`, { cookie });
  if (owner.status !== 200) throw new Error(`GET /api/vehicles/${id} as its owner answered ${owner.status}`);
  const body = { ...owner.body };
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const res = await call(baseUrl, 'PUT', `/api/vehicles/${id}`, { cookie, body });
    if (res.status === 200) return body;
    const named = (res.body?.errors ?? []).map((e) => e.field).filter((f) => f in body);
    if (res.status !== 400 || named.length === 0) throw new Error(`PUT of the unchanged listing answered ${res.status}: ${res.text.slice(0, 300)}`);
    for (const field of named) delete body[field];
  }
  throw new Error('could not build the listing body from the owner view');
}

module.exports = {
  name: 'live-edit',
  async run({ baseUrl, sellerCookie, adminCookie }) {
    const checks = [];
    const mine = await call(baseUrl, 'GET', '/api/user/vehicles', { cookie: sellerCookie });
    const live = (mine.body ?? []).find((v) => v.status === 'approved' && v.price >= 2000 && !v.pendingRevision);
    if (!live) return { checks: [{ title: 'the demo seller has an approved listing to edit', ok: false, detail: `GET /api/user/vehicles answered ${mine.status}` }] };
    const myIds = new Set(mine.body.map((v) => v.id));
    const search = await call(baseUrl, 'GET', '/api/vehicles/search?limit=48');
    const foreign = (search.body?.vehicles ?? []).find((v) => !myIds.has(v.id) && v.images?.length);
    if (!foreign) return { checks: [{ title: "another seller's listing with photos is public", ok: false, detail: `search answered ${search.status}` }] };
    const othersPhoto = foreign.images[0];

    const original = await putBodyOf(baseUrl, sellerCookie, live.id);
    const publicBefore = (await call(baseUrl, 'GET', `/api/vehicles/${live.id}`)).body;
    try {
      // 1. The whole edit of the issue, another seller's photos included: refused, naming images.
      const whole = await call(baseUrl, 'PUT', `/api/vehicles/${live.id}`, {
        cookie: sellerCookie,
        body: { ...original, price: 1, description: `${original.description ?? ''}${SCAM_TEXT}`, images: [...original.images, othersPhoto] },
      });
      checks.push({
        title: "a live edit with another seller's photo is refused (400 naming images)",
        ok: whole.status === 400 && (whole.body?.errors ?? []).some((e) => e.field === 'images'),
        detail: `PUT /api/vehicles/${live.id} with ${othersPhoto} of listing ${foreign.id} answered ${whole.status}: ${whole.text.slice(0, 200)}`,
      });

      // 2. The same edit with the seller's own photos: held for review, the approved version stays public.
      const held = await call(baseUrl, 'PUT', `/api/vehicles/${live.id}`, {
        cookie: sellerCookie,
        body: { ...original, price: 1, description: `${original.description ?? ''}${SCAM_TEXT}` },
      });
      const publicAfter = (await call(baseUrl, 'GET', `/api/vehicles/${live.id}`)).body;
      checks.push({
        title: 'a $1 price and contact details, links and payment words in added text wait for review',
        ok: held.status === 200 && held.body?.pendingRevision?.changes?.price === 1 && typeof held.body?.pendingRevision?.changes?.description === 'string',
        detail: `PUT answered ${held.status}, pending revision ${JSON.stringify(held.body?.pendingRevision?.changes ?? null).slice(0, 200)}`,
      });
      checks.push({
        title: 'the approved version stays public while the edit waits',
        ok: publicAfter?.price === publicBefore?.price && publicAfter?.description === publicBefore?.description,
        detail: `public price ${publicAfter?.price} (was ${publicBefore?.price}), description ${JSON.stringify(publicAfter?.description ?? '').slice(0, 80)}`,
      });

      // 3. Staff may not put another seller's photo on a listing either.
      const staff = await call(baseUrl, 'PATCH', `/api/admin/vehicles/${live.id}`, { cookie: adminCookie, body: { images: [...original.images, othersPhoto] } });
      checks.push({
        title: "an admin edit with another seller's photo is refused (400 naming images)",
        ok: staff.status === 400 && (staff.body?.errors ?? []).some((e) => e.field === 'images'),
        detail: `PATCH /api/admin/vehicles/${live.id} answered ${staff.status}: ${staff.text.slice(0, 200)}`,
      });
    } finally {
      // The unchanged listing again: its pending revision is withdrawn.
      await call(baseUrl, 'PUT', `/api/vehicles/${live.id}`, { cookie: sellerCookie, body: original });
    }
    return { checks };
  },
};
