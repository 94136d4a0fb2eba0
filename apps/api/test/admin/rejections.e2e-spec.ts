import { MailOutbox } from '../../src/infra/mail/outbox/mail-outbox.service';
import { registerVerifiedUser } from '../factories/user.factory';
import { listingInput } from '../factories/vehicle.factory';
import type { HttpClient } from '../support/http-client';
import { bodyHtml, bodyText, header, startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startTestApp, type TestApp } from '../support/test-app';

describe('rejecting a listing with a reason', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: HttpClient;
  let seller: HttpClient;
  let sellerEmail: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startTestApp({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password', SMTP_URL: smtp.url, STAFF_EMAIL: 'staff@example.com', PUBLIC_URL: 'https://cars.example.com' });
    admin = t.client();
    expect((await admin.post('/api/login', { email: 'admin@example.com', password: 'admin-password' })).status).toBe(200);
    seller = t.client();
    sellerEmail = (await registerVerifiedUser(t, seller, { email: 'rejected.seller@example.com' })).user.email;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await smtp.close();
  });

  const newListing = async () => {
    const input = listingInput({ contactEmail: 'listing.contact@example.com' });
    const res = await seller.post('/api/vehicles', input);
    expect(res.status).toBe(201);
    return { id: res.body.id as number, input };
  };
  const reject = (id: number, body: Record<string, unknown>) => admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'rejected', ...body });

  it('keeps the reason and note, shows them to the seller and the admin, and e-mails the seller account', async () => {
    const { id } = await newListing();
    const before = smtp.mails.length;
    const res = await reject(id, { reason: 'photos', note: 'Please add a photo of the odometer.' });
    expect(res.status).toBe(200);
    const rejection = { reason: 'photos', label: 'Photos are missing, unclear or not of this vehicle', note: 'Please add a photo of the odometer.' };
    expect(res.body).toMatchObject({ status: 'rejected', rejection });
    expect((await seller.get(`/api/vehicles/${id}`)).body.rejection).toEqual(rejection);
    const mine = (await seller.get('/api/user/vehicles')).body as { id: number; rejection: unknown }[];
    expect(mine.find((v) => v.id === id)!.rejection).toEqual(rejection);

    await t.app.get(MailOutbox).drain();
    const mail = await smtp.waitForMatch((m) => m.parsed.subject === 'Your listing of the 2021 BMW X5 xDrive40i was not published', before);
    expect(mail!.to).toEqual([sellerEmail]);
    expect(header(mail!, 'Subject')).toBe('Your listing of the 2021 BMW X5 xDrive40i was not published');
    const text = bodyText(mail!);
    expect(text).toContain('Reason: Photos are missing, unclear or not of this vehicle');
    expect(text).toContain('Note from our staff: Please add a photo of the odometer.');
    expect(text).toContain(`https://cars.example.com/edit-listing/${id}`);
  });

  it('clears the reason when the seller edits the listing back into review', async () => {
    const { id, input } = await newListing();
    expect((await reject(id, { reason: 'price' })).body.rejection).toEqual({ reason: 'price', label: 'The price looks wrong', note: null });
    const edited = await seller.put(`/api/vehicles/${id}`, { ...input, price: 41000 });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'pending', rejection: null });
  });

  it('e-mails the seller the public link when staff approve the listing, and nothing when a sold one is reopened', async () => {
    const { id } = await newListing();
    const before = smtp.mails.length;
    expect((await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved' })).status).toBe(200);
    await t.app.get(MailOutbox).drain();
    const mail = await smtp.waitForMatch((m) => m.to.includes(sellerEmail) && m.parsed.subject === 'Your 2021 BMW X5 xDrive40i is live', before);
    expect(bodyText(mail)).toContain(`See your listing: https://cars.example.com/vehicles/${id}`);
    expect(bodyHtml(mail)).toContain(`href="https://cars.example.com/vehicles/${id}"`);

    expect((await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'sold' })).status).toBe(200);
    const afterSold = smtp.mails.length;
    expect((await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved' })).status).toBe(200);
    await t.app.get(MailOutbox).drain();
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.slice(afterSold).filter((m) => m.parsed.subject?.endsWith('is live'))).toHaveLength(0);
  });

  it('still rejects without a reason (the status call as the SPEC gives it), with no rejection shown', async () => {
    const { id } = await newListing();
    const res = await reject(id, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'rejected', rejection: null });
  });

  it('answers 400 for an unknown reason, a note that is too long, or a reason with another status, and changes nothing', async () => {
    const { id } = await newListing();
    const unknown = await reject(id, { reason: 'ugly' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'reason', message: expect.stringMatching(/^reason must be one of: photos, price, /) }]);
    const long = await reject(id, { reason: 'other', note: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'note', message: 'The note must be at most 1000 characters' }]);
    const approving = await admin.patch(`/api/admin/vehicles/${id}/status`, { status: 'approved', reason: 'photos' });
    expect(approving.status).toBe(400);
    expect(approving.body.errors).toEqual([{ field: 'reason', message: 'reason goes only with status rejected' }]);
    expect((await seller.get(`/api/vehicles/${id}`)).body).toMatchObject({ status: 'pending', rejection: null });
  });
});
