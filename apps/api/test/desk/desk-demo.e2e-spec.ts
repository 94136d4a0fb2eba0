import { DataSource } from 'typeorm';
import { DeskDemoService, LeadsService } from '../../src/modules/desk';
import { LeadEntity } from '../../src/modules/desk/entities/lead.entity';
import { LeadMessageEntity } from '../../src/modules/desk/entities/lead-message.entity';
import { registerVerifiedUser } from '../factories/user.factory';
import { createVehicle } from '../factories/vehicle.factory';
import { startTestApp, type TestApp } from '../support/test-app';

describe('the desk demo data', () => {
  let t: TestApp;
  const ids: number[] = [];
  const statuses: ('approved' | 'sold')[] = [];

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password' });
    const seller = t.client();
    const sellerId = (await registerVerifiedUser(t, seller)).user.id;
    for (let i = 0; i < 14; i += 1) {
      const status = i % 4 === 3 ? 'sold' : 'approved';
      ids.push((await createVehicle(t, sellerId, { status, price: 20_000 + i * 1000 })).id);
      statuses.push(status);
    }
    // The demo's seven buyer inquiries, oldest first.
    for (let i = 0; i < 7; i += 1) {
      const res = await t.client().post(
        '/api/contact',
        { vehicleId: ids[i * 2]!, senderFirstName: `Buyer${i}`, senderLastName: 'Demo', senderEmail: `buyer${i}@example.net`, subject: 'Is it still available?', message: 'Hello!' },
        { headers: { 'x-forwarded-for': `198.51.100.${i + 1}` } },
      );
      expect(res.status).toBe(201);
      // As the demo bundle's inquiries arrive: in the past days.
      const receivedAt = new Date(Date.now() - (14 - i * 2) * 86_400_000);
      const lead = await t.app.get(DataSource).getRepository(LeadEntity).findOneByOrFail({ contactMessageId: res.body.id });
      await t.app.get(DataSource).getRepository(LeadEntity).update({ id: lead.id }, { createdAt: receivedAt });
      await t.app.get(DataSource).getRepository(LeadMessageEntity).update({ leadId: lead.id }, { createdAt: receivedAt });
    }
    await t.app.get(DeskDemoService).seed(ids, statuses);
  }, 180_000);
  afterAll(() => t?.close());

  it('shows a working business: leads in every state, threads both ways, fees due, invoiced and paid', async () => {
    const associate = t.client();
    expect((await associate.post('/api/login', { email: 'associate@example.com', password: 'associate-demo-2026' })).status).toBe(200);
    const all = (await associate.get('/api/desk/leads?limit=100')).body.items as { id: number; state: string; assignedTo: unknown; fee: { state: string } | null; source: string }[];
    expect(new Set(all.map((l) => l.state))).toEqual(new Set(['new', 'contacted', 'qualified', 'negotiating', 'sold', 'lost']));
    expect(all.filter((l) => l.fee).map((l) => l.fee!.state).sort()).toEqual(['due', 'invoiced', 'paid']);
    expect(new Set(all.map((l) => l.source))).toEqual(new Set(['contact', 'financing', 'call']));
    expect(all.every((l) => l.assignedTo !== null)).toBe(true);
    const negotiating = all.find((l) => l.state === 'negotiating')!;
    const detail = (await associate.get(`/api/desk/leads/${negotiating.id}`)).body;
    expect(detail.thread.map((m: { direction: string }) => m.direction)).toEqual(['in', 'out', 'in']);
    expect(detail.activities.map((a: { kind: string }) => a.kind)).toEqual(expect.arrayContaining(['task', 'note', 'call', 'state', 'assigned', 'created']));
    const report = (await associate.get('/api/desk/report?days=90')).body;
    expect(report.conversion.sold).toBe(3);
    expect(report.perAssociate).toHaveLength(2);
    expect(report.firstResponseMinutes.p50).toBeGreaterThan(0);
  });

  it('keeps the demo listings of the sales sold, and sends no burst of escalations at start', async () => {
    const sold = await t.app.get(DataSource).getRepository(LeadEntity).findBy({ state: 'sold' });
    for (const lead of sold) expect(statuses[ids.indexOf(lead.vehicleId)]).toBe('sold');
    expect(await t.app.get(LeadsService).escalateOverdue()).toBe(0);
  });
});
