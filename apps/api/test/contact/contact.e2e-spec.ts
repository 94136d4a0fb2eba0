import { DataSource } from 'typeorm';
import { ContactMessageEntity } from '../../src/modules/contact/entities/contact-message.entity';
import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { createVehicle } from '../factories/vehicle.factory';
import { registerVerifiedUser } from '../factories/user.factory';
import { bodyHtml, bodyText, header, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import type { HttpClient } from '../support/http-client';
import { startTestApp, type TestApp } from '../support/test-app';

const STAFF = 'staff@example.com';

const payload = (vehicleId: number, overrides: Record<string, unknown> = {}) => ({
  vehicleId,
  senderFirstName: 'Jane',
  senderLastName: 'Doe',
  senderEmail: 'Jane.Doe@Example.com',
  senderPhone: '(555) 123-4567',
  subject: 'Interested in your 2021 BMW X5',
  message: 'Hi, is the 2021 BMW X5 listed at $45,999 still available?\nI could come by on Saturday.',
  isFinancingInterest: true,
  isTradeInInterest: false,
  ...overrides,
});

/** Each test speaks from its own address (TRUST_PROXY is on), so the per-address limit stays its own. */
let nextAddress = 10;
const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${nextAddress++}` });

describe('POST /api/contact', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let sellerId: number;
  let sellerEmail: string;
  let seller: HttpClient;
  let approvedId: number;
  let soldId: number;
  let pendingId: number;
  let rejectedId: number;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ TRUST_PROXY: 'true', SMTP_URL: smtp.url, STAFF_EMAIL: STAFF, PUBLIC_URL: 'https://cars.example.com' });
    seller = t.client();
    const { user } = await registerVerifiedUser(t, seller);
    sellerId = user.id;
    sellerEmail = user.email;
    // The seller's verification e-mail leaves first, so the tests below see only what they cause.
    await t.app.get(MailOutbox).drain();
    await smtp.waitForMatch((m) => m.to.includes(sellerEmail));
    approvedId = (await createVehicle(t, sellerId, { status: 'approved' })).id;
    soldId = (await createVehicle(t, sellerId, { status: 'sold', make: 'Porsche', model: '911', trim: null })).id;
    pendingId = (await createVehicle(t, sellerId, { status: 'pending' })).id;
    rejectedId = (await createVehicle(t, sellerId, { status: 'rejected' })).id;
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const messages = () => t.app.get(DataSource).getRepository(ContactMessageEntity);

  it('stores the message linked to the listing and its seller, answers 201 with its id and e-mails staff', async () => {
    const before = smtp.mails.length;
    const res = await t.client().post('/api/contact', payload(approvedId), { headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number) });

    const stored = await messages().findOneByOrFail({ id: res.body.id });
    expect(stored).toMatchObject({
      vehicleId: approvedId,
      sellerId,
      senderName: 'Jane Doe',
      senderFirstName: 'Jane',
      senderLastName: 'Doe',
      senderEmail: 'jane.doe@example.com',
      senderPhone: '(555) 123-4567',
      subject: 'Interested in your 2021 BMW X5',
      isFinancingInterest: true,
      isTradeInInterest: false,
      ipAddress: '203.0.113.0',
      handledAt: null,
    });
    expect(stored.message).toBe('Hi, is the 2021 BMW X5 listed at $45,999 still available?\nI could come by on Saturday.');

    const mail = await smtp.waitForMatch((m) => m.to.includes(STAFF) && bodyText(m).includes(`Message #${res.body.id}.`), before);
    expect(mail.to).toEqual([STAFF]);
    expect(header(mail, 'Reply-To')).toBe('Jane Doe <jane.doe@example.com>');
    expect(header(mail, 'Subject')).toBe('Buyer inquiry: 2021 BMW X5 xDrive40i - Interested in your 2021 BMW X5');
    const text = bodyText(mail);
    expect(text).toContain(`A buyer wrote about the 2021 BMW X5 xDrive40i (listing #${approvedId}, $46,000).`);
    expect(text).toContain(`Open the listing: https://cars.example.com/vehicles/${approvedId}`);
    expect(text).toContain('From: Jane Doe <jane.doe@example.com>');
    expect(text).toContain('Interested in financing: yes\nHas a trade-in: no');
    expect(text).toContain('I could come by on Saturday.');
    expect(text).toContain(`Message #${res.body.id}.`);
    // The HTML part says the same, escaped, with the listing as a button.
    const html = bodyHtml(mail);
    expect(html).toContain('From: Jane Doe &lt;jane.doe@example.com&gt;');
    expect(html).toContain(`href="https://cars.example.com/vehicles/${approvedId}"`);

    // The seller's account hears of it too: the associate follows up, and no buyer details are passed on.
    const notice = await smtp.waitForMatch((m) => m.to.includes(sellerEmail), before);
    expect(notice.parsed.subject).toBe('A buyer asked about your 2021 BMW X5 xDrive40i');
    expect(bodyText(notice)).toContain('Your dedicated associate follows up with them');
    expect(bodyText(notice)).not.toContain('jane.doe@example.com');
    expect(bodyText(notice)).toContain('Open your dashboard: https://cars.example.com/dashboard');
    // …and the dashboard counts the inquiries.
    const mine = (await seller.get('/api/user/vehicles')).body as { id: number; inquiries: number }[];
    expect(mine.find((v) => v.id === approvedId)!.inquiries).toBe(await messages().countBy({ vehicleId: approvedId }));
    expect(mine.find((v) => v.id === pendingId)!.inquiries).toBe(0);
  });

  it('accepts a sold listing, the optional fields left out, and keeps a given sender name', async () => {
    const res = await t.client().post(
      '/api/contact',
      payload(soldId, { senderPhone: '', isFinancingInterest: undefined, isTradeInInterest: undefined, senderName: 'J. Doe' }),
      { headers: fromNewAddress() },
    );
    expect(res.status).toBe(201);
    const stored = await messages().findOneByOrFail({ id: res.body.id });
    expect(stored).toMatchObject({ senderName: 'J. Doe', senderPhone: null, isFinancingInterest: false, isTradeInInterest: false });
  });

  it('answers 404 for a listing that is not public or does not exist, storing nothing', async () => {
    const count = await messages().count();
    for (const id of [pendingId, rejectedId, 999_999]) {
      const res = await t.client().post('/api/contact', payload(id), { headers: fromNewAddress() });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ statusCode: 404, message: 'Vehicle not found' });
    }
    expect(await messages().count()).toBe(count);
  });

  it('answers 400 listing each missing required field', async () => {
    const res = await t.client().post(
      '/api/contact',
      { vehicleId: approvedId, senderFirstName: ' ', senderLastName: '', senderEmail: '', subject: '', message: '   ' },
      { headers: fromNewAddress() },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Validation failed');
    expect(res.body.errors).toEqual([
      { field: 'senderFirstName', message: 'First name is required' },
      { field: 'senderLastName', message: 'Last name is required' },
      { field: 'senderEmail', message: 'Email is required' },
      { field: 'subject', message: 'Subject is required' },
      { field: 'message', message: 'Message is required' },
    ]);
  });

  it('answers 400 for a bad e-mail, phone, over-long text, wrong types and unknown fields', async () => {
    const res = await t.client().post(
      '/api/contact',
      payload(approvedId, {
        senderEmail: 'not-an-email',
        senderPhone: 'call me',
        subject: 's'.repeat(201),
        message: 'm'.repeat(5001),
        isTradeInInterest: 'yes',
        vehicleId: 'abc',
        status: 'approved',
      }),
      { headers: fromNewAddress() },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: 'vehicleId', message: 'Vehicle id must be a positive whole number' },
        { field: 'senderEmail', message: 'Enter a valid email address' },
        { field: 'senderPhone', message: 'Enter a valid phone number' },
        { field: 'subject', message: 'Subject must be at most 200 characters' },
        { field: 'message', message: 'Message must be at most 5000 characters' },
        { field: 'isTradeInInterest', message: 'isTradeInInterest must be true or false' },
        { field: 'status', message: 'status is not an accepted field' },
      ]),
    );
    expect(res.body.errors).toHaveLength(7);
  });

  it('keeps one-line fields on one line (no header injection into the staff e-mail)', async () => {
    const before = smtp.mails.length;
    const res = await t.client().post(
      '/api/contact',
      payload(approvedId, { subject: 'Hello\r\nBcc: victim@example.com', senderFirstName: 'Jane\nX' }),
      { headers: fromNewAddress() },
    );
    expect(res.status).toBe(201);
    const stored = await messages().findOneByOrFail({ id: res.body.id });
    expect(stored.subject).toBe('Hello Bcc: victim@example.com');
    expect(stored.senderFirstName).toBe('Jane X');
    const mail = await smtp.waitForMatch((m) => m.to.includes(STAFF) && bodyText(m).includes(`Message #${res.body.id}.`), before);
    expect(mail.to).toEqual([STAFF]);
    expect(header(mail, 'Bcc')).toBeUndefined();
  });

  it('answers 429 after 10 messages an hour from one address, counting an IPv6 /48 as one address', async () => {
    for (let i = 0; i < 10; i += 1) {
      const res = await t.client().post('/api/contact', payload(approvedId), { headers: { 'x-forwarded-for': `2001:db8:aa:${i}::1` } });
      expect(res.status).toBe(201);
    }
    const res = await t.client().post('/api/contact', payload(approvedId), { headers: { 'x-forwarded-for': '2001:db8:aa:ffff::2' } });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^Too many requests, retry in /) });
    // Another address is not affected.
    expect((await t.client().post('/api/contact', payload(approvedId), { headers: fromNewAddress() })).status).toBe(201);
    await t.app.get(MailOutbox).drain();
  });
});
