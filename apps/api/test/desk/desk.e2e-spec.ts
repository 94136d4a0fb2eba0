import { createTransport } from 'nodemailer';
import { DataSource } from 'typeorm';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { InboundMailService } from '../../src/modules/desk/inbound-mail.service';
import { LeadEntity } from '../../src/modules/desk/entities/lead.entity';
import { LeadsService } from '../../src/modules/desk/leads.service';
import { VehicleEntity } from '../../src/modules/vehicles';
import { registerUser, registerVerifiedUser } from '../factories/user.factory';
import { createVehicle } from '../factories/vehicle.factory';
import { freePort } from '../support/free-port';
import type { HttpClient } from '../support/http-client';
import { bodyText, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

const ADMIN = { email: 'admin@example.com', password: 'admin-password' };
const DOMAIN = 'reply.cars.example.com';

describe('the associate desk', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let inboundPort: number;
  let admin: HttpClient;
  let adminId: number;
  const associates: { client: HttpClient; id: number; email: string }[] = [];
  let user: HttpClient;
  let seller: HttpClient;
  let sellerId: number;
  let listingId: number;
  let otherListingId: number;

  let address = 0;
  // Each buyer from an address of their own: the contact form allows 10 messages an hour per address.
  const contact = (vehicleId: number, who: string) =>
    t.client().post('/api/contact', {
      vehicleId,
      senderFirstName: who,
      senderLastName: 'Buyer',
      senderEmail: `${who.toLowerCase()}@buyers.example.com`,
      senderPhone: '(555) 123-4567',
      subject: `Question from ${who}`,
      message: `Hello, ${who} here. Is it still available?`,
    }, { headers: { 'x-forwarded-for': `198.51.100.${(address += 1)}` } });
  const leadOf = async (contactId: number) => t.app.get(DataSource).getRepository(LeadEntity).findOneByOrFail({ contactMessageId: contactId });

  beforeAll(async () => {
    smtp = await startSmtpSink();
    inboundPort = await freePort();
    t = await startTestApp({
      ...{ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      TRUST_PROXY: 'true',
      SMTP_URL: smtp.url,
      STAFF_EMAIL: 'staff@cars.example.com',
      PUBLIC_URL: 'https://cars.example.com',
      INBOUND_MAIL_DOMAIN: DOMAIN,
      INBOUND_SMTP_PORT: String(inboundPort),
      INBOUND_SMTP_HOST: '127.0.0.1',
      LEAD_BUSINESS_HOURS: '1-7 00:00-24:00',
      LEAD_FIRST_RESPONSE_MINUTES: '30',
      SUCCESS_FEE_PERCENT: '2',
      SUCCESS_FEE_MIN: '300',
      SUCCESS_FEE_MAX: '2500',
      FINANCING_RETENTION_DAYS: '30',
    });
    admin = t.client();
    adminId = (await admin.post('/api/login', ADMIN)).body.id;
    for (let i = 0; i < 2; i += 1) {
      const client = t.client();
      const { user: u } = await registerUser(client);
      const granted = await admin.post('/api/admin/staff', { email: u.email, role: 'associate' });
      expect(granted.status).toBe(200);
      associates.push({ client, id: u.id, email: u.email });
    }
    user = t.client();
    await registerUser(user);
    seller = t.client();
    sellerId = (await registerVerifiedUser(t, seller)).user.id;
    listingId = (await createVehicle(t, sellerId, { status: 'approved', make: 'BMW', model: 'X5', year: 2021, price: 52_000 })).id;
    otherListingId = (await createVehicle(t, sellerId, { status: 'approved', make: 'Audi', model: 'Q7', year: 2020, price: 8_000 })).id;
    await t.app.get(MailOutbox).drain();
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  describe('roles: route by route', () => {
    // Each route with a valid-looking request; the answer must be 401 signed out, 403 without the role, anything else with it.
    const routes: { method: 'get' | 'post' | 'patch' | 'delete'; path: string; body?: unknown; roles: ('user' | 'associate' | 'admin')[] }[] = [
      { method: 'get', path: '/api/desk/leads', roles: ['associate', 'admin'] },
      { method: 'post', path: '/api/desk/leads', body: {}, roles: ['associate', 'admin'] },
      { method: 'get', path: '/api/desk/leads/999999', roles: ['associate', 'admin'] },
      { method: 'patch', path: '/api/desk/leads/999999', body: {}, roles: ['associate', 'admin'] },
      { method: 'post', path: '/api/desk/leads/999999/messages', body: { body: 'x' }, roles: ['associate', 'admin'] },
      { method: 'post', path: '/api/desk/leads/999999/activities', body: { kind: 'note', body: 'x' }, roles: ['associate', 'admin'] },
      { method: 'get', path: '/api/desk/staff', roles: ['associate', 'admin'] },
      { method: 'get', path: '/api/desk/report', roles: ['associate', 'admin'] },
      { method: 'get', path: '/api/desk/inbound', roles: ['associate', 'admin'] },
      { method: 'get', path: '/api/desk/my-listings', roles: ['user', 'associate', 'admin'] },
      { method: 'post', path: '/api/admin/staff', body: {}, roles: ['admin'] },
      { method: 'delete', path: '/api/admin/staff/999999', roles: ['admin'] },
      // Associates read listings but do not moderate them, edit users or see the outbox.
      { method: 'get', path: '/api/admin/vehicles/pending', roles: ['admin'] },
      { method: 'patch', path: '/api/admin/vehicles/999999/status', body: { status: 'approved' }, roles: ['admin'] },
      { method: 'patch', path: '/api/admin/vehicles/999999', body: {}, roles: ['admin'] },
      { method: 'get', path: '/api/admin/mail', roles: ['admin'] },
      { method: 'post', path: '/api/admin/mail/999999/retry', roles: ['admin'] },
      { method: 'get', path: '/api/admin/inquiries', roles: ['admin'] },
      { method: 'get', path: '/api/admin/audit', roles: ['admin'] },
      { method: 'get', path: '/api/analytics/stats', roles: ['admin'] },
    ];
    it.each(routes)('$method $path', async ({ method, path, body, roles }) => {
      const callers = { anonymous: t.client(), user, associate: associates[0]!.client, admin };
      for (const [who, client] of Object.entries(callers)) {
        const res = method === 'get' || method === 'delete' ? await client[method](path) : await client[method](path, body);
        const expected = who === 'anonymous' ? 401 : roles.includes(who as 'user') ? 'allowed' : 403;
        if (expected === 'allowed') expect({ who, refused: [401, 403].includes(res.status) }).toEqual({ who, refused: false });
        else expect({ who, status: res.status }).toEqual({ who, status: expected });
      }
    });

    it('associates can read listings (public and their own pages)', async () => {
      expect((await associates[0]!.client.get(`/api/vehicles/${listingId}`)).status).toBe(200);
    });
  });

  describe('staff roles', () => {
    it('POST /api/admin/staff refuses an unknown address and a bad role, naming the field', async () => {
      const unknown = await admin.post('/api/admin/staff', { email: 'nobody@example.com', role: 'associate' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors).toEqual([expect.objectContaining({ field: 'email' })]);
      const badRole = await admin.post('/api/admin/staff', { email: associates[0]!.email, role: 'owner' });
      expect(badRole.status).toBe(400);
      expect(badRole.body.errors).toEqual([expect.objectContaining({ field: 'role' })]);
    });

    it('DELETE /api/admin/staff/:userId takes the role away and the next request is refused; an admin cannot demote themself', async () => {
      const client = t.client();
      const { user: u } = await registerUser(client);
      expect((await admin.post('/api/admin/staff', { email: u.email, role: 'associate' })).body).toMatchObject({ id: u.id, role: 'associate' });
      expect((await client.get('/api/desk/leads')).status).toBe(200);
      expect((await admin.delete(`/api/admin/staff/${u.id}`)).status).toBe(204);
      expect((await client.get('/api/desk/leads')).status).toBe(403);
      expect((await admin.delete(`/api/admin/staff/${u.id}`)).status).toBe(404);
      expect((await admin.delete(`/api/admin/staff/${adminId}`)).status).toBe(409);
    });
  });

  describe('leads', () => {
    it('turns every contact form message into a lead, assigned round-robin to the associates', async () => {
      const ids: number[] = [];
      for (const who of ['Ann', 'Bob', 'Cat']) {
        const res = await contact(listingId, who);
        expect(res.status).toBe(201);
        ids.push(res.body.id);
      }
      const leads = await Promise.all(ids.map(leadOf));
      const assigned = leads.map((l) => l.assignedToId);
      expect(new Set(assigned.slice(0, 2))).toEqual(new Set(associates.map((a) => a.id)));
      expect(assigned[2]).toBe(assigned[0]);
      expect(leads.every((l) => l.state === 'new' && l.vehicleId === listingId && l.source === 'contact')).toBe(true);

      const detail = await associates[0]!.client.get(`/api/desk/leads/${leads[0]!.id}`);
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({
        id: leads[0]!.id,
        state: 'new',
        buyerName: 'Ann Buyer',
        buyerEmail: 'ann@buyers.example.com',
        vehicle: { id: listingId, make: 'BMW', model: 'X5' },
        firstResponseAt: null,
        overdue: false,
        fee: null,
        thread: [{ direction: 'in', body: 'Hello, Ann here. Is it still available?', author: 'Ann Buyer' }],
      });
      expect(detail.body.activities[0]).toMatchObject({ kind: 'created' });
    });

    it('GET /api/desk/leads filters by state and assignee and answers { items, total }', async () => {
      const mine = await admin.get(`/api/desk/leads?assignedTo=${associates[1]!.id}&state=new`);
      expect(mine.status).toBe(200);
      expect(mine.body.total).toBeGreaterThanOrEqual(1);
      expect(mine.body.items.every((l: { assignedTo: { id: number }; state: string }) => l.assignedTo.id === associates[1]!.id && l.state === 'new')).toBe(true);
      const unassigned = await admin.get('/api/desk/leads?unassigned=true');
      expect(unassigned.status).toBe(200);
      expect(unassigned.body.items.every((l: { assignedTo: unknown }) => l.assignedTo === null)).toBe(true);
      const bad = await admin.get('/api/desk/leads?state=won');
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'state' })]);
    });

    it('refuses an unknown lead (404), a state that breaks the rules (400 naming the field), sold without a price, lost without a reason', async () => {
      const lead = await leadOf((await contact(listingId, 'Dan')).body.id);
      const a = associates[0]!.client;
      expect((await a.patch('/api/desk/leads/999999', { state: 'contacted' })).status).toBe(404);
      const unknownState = await a.patch(`/api/desk/leads/${lead.id}`, { state: 'won' });
      expect(unknownState.status).toBe(400);
      expect(unknownState.body.errors).toEqual([expect.objectContaining({ field: 'state' })]);
      const noPrice = await a.patch(`/api/desk/leads/${lead.id}`, { state: 'sold' });
      expect(noPrice.status).toBe(400);
      expect(noPrice.body.errors).toEqual([expect.objectContaining({ field: 'salePrice' })]);
      const noReason = await a.patch(`/api/desk/leads/${lead.id}`, { state: 'lost' });
      expect(noReason.status).toBe(400);
      expect(noReason.body.errors).toEqual([expect.objectContaining({ field: 'lostReason' })]);
      const priceWithoutSale = await a.patch(`/api/desk/leads/${lead.id}`, { salePrice: 1000 });
      expect(priceWithoutSale.status).toBe(400);
      expect(priceWithoutSale.body.errors).toEqual([expect.objectContaining({ field: 'salePrice' })]);
      const notStaff = await a.patch(`/api/desk/leads/${lead.id}`, { assignedTo: sellerId });
      expect(notStaff.status).toBe(400);
      expect(notStaff.body.errors).toEqual([expect.objectContaining({ field: 'assignedTo' })]);

      const lost = await a.patch(`/api/desk/leads/${lead.id}`, { state: 'lost', lostReason: 'bought-elsewhere' });
      expect(lost.status).toBe(200);
      expect(lost.body).toMatchObject({ state: 'lost', lostReason: 'bought-elsewhere' });
      const backwards = await a.patch(`/api/desk/leads/${lead.id}`, { state: 'negotiating' });
      expect(backwards.status).toBe(400);
      expect(backwards.body.errors).toEqual([expect.objectContaining({ field: 'state' })]);
      // Nothing half-written: the refused changes left the trail with the one state change.
      const trail = (await a.get(`/api/desk/leads/${lead.id}`)).body.activities.filter((e: { kind: string }) => e.kind === 'state');
      expect(trail).toHaveLength(1);
    });

    it('reassigns a lead and records it in the trail', async () => {
      const lead = await leadOf((await contact(listingId, 'Eve')).body.id);
      const other = associates.find((x) => x.id !== lead.assignedToId)!;
      const res = await admin.patch(`/api/desk/leads/${lead.id}`, { assignedTo: other.id });
      expect(res.status).toBe(200);
      expect(res.body.assignedTo).toMatchObject({ id: other.id });
      expect(res.body.activities[0]).toMatchObject({ kind: 'assigned', actor: 'Site Admin' });
    });

    it('logs activities: a task needs its due time, and a logged call is the first response', async () => {
      const lead = await leadOf((await contact(listingId, 'Fay')).body.id);
      const a = associates[0]!.client;
      const noDue = await a.post(`/api/desk/leads/${lead.id}/activities`, { kind: 'task', body: 'Call back' });
      expect(noDue.status).toBe(400);
      expect(noDue.body.errors).toEqual([expect.objectContaining({ field: 'dueAt' })]);
      const task = await a.post(`/api/desk/leads/${lead.id}/activities`, { kind: 'task', body: 'Call back', dueAt: '2030-01-02T10:00:00Z' });
      expect(task.status).toBe(201);
      expect(task.body.activities[0]).toMatchObject({ kind: 'task', body: 'Call back', dueAt: '2030-01-02T10:00:00.000Z' });
      expect(task.body.firstResponseAt).toBeNull();
      const call = await a.post(`/api/desk/leads/${lead.id}/activities`, { kind: 'call', body: 'Talked about a test drive' });
      expect(call.body.firstResponseAt).not.toBeNull();
      expect(call.body.state).toBe('contacted');
      const unknownKind = await a.post(`/api/desk/leads/${lead.id}/activities`, { kind: 'fax', body: 'x' });
      expect(unknownKind.status).toBe(400);
      expect(unknownKind.body.errors).toEqual([expect.objectContaining({ field: 'kind' })]);
    });
  });

  describe('the conversation by e-mail, both directions over real SMTP', () => {
    const send = (to: string, text: string, from = 'gil@buyers.example.com') =>
      createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true }).sendMail({ from, to, subject: 'Re: your reply', text });

    it('e-mails the reply with the lead’s own signed reply address, and the buyer’s answer joins the thread', async () => {
      const lead = await leadOf((await contact(listingId, 'Gil')).body.id);
      const before = smtp.mails.length;
      const res = await associates[0]!.client.post(`/api/desk/leads/${lead.id}/messages`, { body: 'Yes, it is. Would Saturday suit you?' });
      expect(res.status).toBe(201);
      expect(res.body.firstResponseAt).not.toBeNull();
      expect(res.body.state).toBe('contacted');
      await t.app.get(MailOutbox).drain();
      const mail = await smtp.waitForMatch((m) => m.to.includes('gil@buyers.example.com'), before);
      expect(bodyText(mail)).toContain('Yes, it is. Would Saturday suit you?');
      const replyTo = mail.parsed.replyTo!.value[0]!.address!;
      expect(replyTo).toMatch(new RegExp(`^lead-${lead.id}-[a-z0-9_-]{16}@${DOMAIN.replace(/\./g, '\\.')}$`));

      await send(replyTo, 'Saturday at 10 works.\n\nOn Tue, AutoTrust wrote:\n> Yes, it is.');
      const detail = await associates[0]!.client.get(`/api/desk/leads/${lead.id}`);
      expect(detail.body.thread.map((m: { direction: string; body: string }) => [m.direction, m.body])).toEqual([
        ['in', 'Hello, Gil here. Is it still available?'],
        ['out', 'Yes, it is. Would Saturday suit you?'],
        ['in', 'Saturday at 10 works.'],
      ]);
    });

    it('refuses, drops and counts a forged or unknown reply address', async () => {
      const lead = await leadOf((await contact(listingId, 'Hal')).body.id);
      const inbound = t.app.get(InboundMailService);
      const dropped = inbound.dropped();
      await expect(send(`lead-${lead.id}-aaaaaaaaaaaaaaaa@${DOMAIN}`, 'Spoofed')).rejects.toThrow(/550/);
      expect(inbound.dropped()).toBe(dropped + 1);
      const detail = await associates[0]!.client.get(`/api/desk/leads/${lead.id}`);
      expect(detail.body.thread).toHaveLength(1);
      expect((await admin.get('/api/desk/inbound')).body.dropped).toBe(dropped + 1);
    });

    it('keeps mail that matches no lead for staff', async () => {
      await send(`sales@${DOMAIN}`, 'Do you buy cars too?', 'ivy@buyers.example.com');
      const inbound = await associates[1]!.client.get('/api/desk/inbound');
      expect(inbound.body.items[0]).toMatchObject({ from: 'ivy@buyers.example.com', to: `sales@${DOMAIN}`, subject: 'Re: your reply', body: 'Do you buy cars too?' });
    });
  });

  describe('service levels', () => {
    it('marks an unanswered lead overdue after its target, escalates it to the admins once, and records the first response', async () => {
      const lead = await leadOf((await contact(otherListingId, 'Jon')).body.id);
      expect(lead.responseDueAt.getTime() - lead.createdAt.getTime()).toBeGreaterThanOrEqual(29 * 60_000);
      const later = new Date(lead.responseDueAt.getTime() + 60_000);
      const leads = t.app.get(LeadsService);
      expect((await leads.list({ page: 1, limit: 100, overdue: true }, later)).items.map((l) => l.id)).toContain(lead.id);
      expect(await leads.escalateOverdue(later)).toBeGreaterThanOrEqual(1);
      expect(await leads.escalateOverdue(later)).toBe(0);
      const before = smtp.mails.length;
      await t.app.get(MailOutbox).drain();
      const alert = await smtp.waitForMatch((m) => m.to.includes(ADMIN.email) && (m.parsed.subject ?? '').includes(`#${lead.id}`), before);
      expect(bodyText(alert)).toContain('first response was due');
      const detail = await admin.get(`/api/desk/leads/${lead.id}`);
      expect(detail.body.activities[0]).toMatchObject({ kind: 'escalated' });
    });
  });

  describe('sale and fee', () => {
    it('selling marks the listing sold, records the bounded fee as due, closes the other leads, and the fee moves due → invoiced → paid', async () => {
      const saleListing = (await createVehicle(t, sellerId, { status: 'approved', make: 'Lexus', model: 'RX', year: 2022, price: 150_000 })).id;
      const winner = await leadOf((await contact(saleListing, 'Kim')).body.id);
      const other = await leadOf((await contact(saleListing, 'Lou')).body.id);
      const a = associates[0]!.client;
      await a.patch(`/api/desk/leads/${winner.id}`, { state: 'negotiating' });
      const progress = await seller.get('/api/desk/my-listings');
      expect(progress.body.find((p: { vehicleId: number }) => p.vehicleId === saleListing)).toEqual({
        vehicleId: saleListing,
        activeBuyers: 2,
        stage: 'offer',
        summary: 'Offer under discussion',
      });
      expect(JSON.stringify(progress.body)).not.toMatch(/Kim|Lou|buyers\.example\.com/);

      const sold = await a.patch(`/api/desk/leads/${winner.id}`, { state: 'sold', salePrice: 148_000 });
      expect(sold.status).toBe(200);
      expect(sold.body.fee).toMatchObject({ amount: 2500, salePrice: 148_000, state: 'due' });
      const listing = await t.app.get(DataSource).getRepository(VehicleEntity).findOneByOrFail({ id: saleListing });
      expect(listing.status).toBe('sold');
      expect((await a.get(`/api/desk/leads/${other.id}`)).body).toMatchObject({ state: 'lost', lostReason: 'car-sold' });

      expect((await a.patch(`/api/desk/leads/${winner.id}`, { feeState: 'invoiced' })).status).toBe(403);
      const skip = await admin.patch(`/api/desk/leads/${winner.id}`, { feeState: 'paid' });
      expect(skip.status).toBe(400);
      expect(skip.body.errors).toEqual([expect.objectContaining({ field: 'feeState' })]);
      expect((await admin.patch(`/api/desk/leads/${winner.id}`, { feeState: 'invoiced' })).body.fee.state).toBe('invoiced');
      expect((await admin.patch(`/api/desk/leads/${winner.id}`, { feeState: 'paid' })).body.fee.state).toBe('paid');

      const small = await leadOf((await contact(otherListingId, 'Max')).body.id);
      expect((await a.patch(`/api/desk/leads/${small.id}`, { state: 'sold', salePrice: 7_500 })).body.fee).toMatchObject({ amount: 300 });

      const report = await admin.get('/api/desk/report?days=7');
      expect(report.status).toBe(200);
      expect(report.body.leadsPerDay).toHaveLength(7);
      expect(report.body.conversion.sold).toBeGreaterThanOrEqual(2);
      const month = new Date().toISOString().slice(0, 7);
      expect(report.body.feesPerMonth.find((m: { month: string }) => m.month === month)).toMatchObject({ amount: 2800, paid: 2500 });
      expect(report.body.perAssociate.find((p: { id: number }) => p.id === associates[0]!.id)).toMatchObject({ sold: 2, fees: 2800 });
      expect(report.body.firstResponseMinutes.p50).not.toBeNull();
    });
  });

  describe('financing pre-qualification', () => {
    const request = {
      name: 'Nia Buyer',
      email: 'nia@buyers.example.com',
      idType: 'drivers-license',
      idNumber: 'D1234-5678',
      annualIncome: 91_500,
      creditHistory: 'good',
      hasInsurance: true,
      insurer: 'Acme Mutual',
    };

    it('becomes a financing lead whose answers are sealed at rest, shown to staff only, and erased after the retention', async () => {
      const res = await t.client().post('/api/financing', { ...request, vehicleId: listingId });
      expect(res.status).toBe(201);
      const stored = await t.app.get(DataSource).getRepository(LeadEntity).findOneByOrFail({ id: res.body.id });
      expect(stored.source).toBe('financing');
      const raw = (await t.app.get(DataSource).query('SELECT * FROM leads WHERE id = ?', [res.body.id])) as Record<string, unknown>[];
      expect(JSON.stringify(raw)).not.toMatch(/91500|D1234|"good"/);
      const detail = await associates[0]!.client.get(`/api/desk/leads/${res.body.id}`);
      expect(detail.body.financing).toEqual({ idType: 'drivers-license', idNumber: 'D1234-5678', annualIncome: 91_500, creditHistory: 'good', hasInsurance: true, insurer: 'Acme Mutual' });
      expect(JSON.stringify(detail.body.thread)).not.toMatch(/91500|D1234/);
      expect(JSON.stringify((await seller.get('/api/desk/my-listings')).body)).not.toMatch(/Nia|91500|D1234/);

      const leads = t.app.get(LeadsService);
      expect(await leads.eraseExpiredFinancing(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
      expect(await leads.eraseExpiredFinancing(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(1);
      const erased = await associates[0]!.client.get(`/api/desk/leads/${res.body.id}`);
      expect(erased.body).toMatchObject({ financing: null, financingErased: true });
    });

    it('refuses bad answers naming the field', async () => {
      const res = await t.client().post('/api/financing', { ...request, vehicleId: listingId, annualIncome: -5, creditHistory: 'superb' });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['annualIncome', 'creditHistory']);
    });
  });
});
