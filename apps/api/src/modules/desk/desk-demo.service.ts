import { Injectable, Logger } from '@nestjs/common';
import { vehicleTitle, type ListingStatus } from '@app/shared';
import { UsersService } from '../users';
import { ListingReader } from '../vehicles';
import { financingRequestNote, LeadsService, type LeadHistoryStep } from './leads.service';

/** The demo associates README.md documents (the first one's password is published, as the other demo accounts'). */
export const DEMO_ASSOCIATES = [
  { email: 'associate@example.com', password: 'associate-demo-2026', firstName: 'Sam', lastName: 'Patel' },
  { email: 'riley.brooks@example.com', password: null, firstName: 'Riley', lastName: 'Brooks' },
] as const;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The desk's part of the demo data: two associates, the imported buyer inquiries worked into every state
 * (threads both ways, calls, notes, a task, an escalated overdue lead, a lost one), sales on the demo's sold
 * listings with their fees due, invoiced and paid, a financing request and a logged call, so the desk shows a
 * working business on the first start. Everything goes through LeadsService, as live work does.
 */
@Injectable()
export class DeskDemoService {
  private readonly logger = new Logger(DeskDemoService.name);

  constructor(
    private readonly users: UsersService,
    private readonly leads: LeadsService,
    private readonly listings: ListingReader,
  ) {}

  /** `listingIds` and `statuses`: the demo listings in bundle order, as imported. */
  async seed(listingIds: readonly number[], statuses: readonly ListingStatus[], now = new Date()): Promise<void> {
    const associates = [];
    for (const a of DEMO_ASSOCIATES) {
      const existing = await this.users.findByEmail(a.email);
      associates.push(
        existing ??
          (await this.users.create({ email: a.email, password: a.password, firstName: a.firstName, lastName: a.lastName, role: 'associate', emailVerified: true })),
      );
    }
    const sam = associates[0]!;
    const riley = associates[1]!;
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const after = (base: Date, ms: number) => new Date(base.getTime() + ms);

    // The imported inquiries (oldest first), worked into every open state and one loss.
    const imported = (await this.leads.list({ page: 1, limit: 100 }, now)).items.slice().reverse();
    const plans: ((created: Date, owner: number) => LeadHistoryStep[])[] = [
      (c, o) => [
        { at: after(c, 2 * HOUR), kind: 'out', body: 'Thanks for your interest! Yes, it is available. When would you like to see it?', actorId: o },
        { at: after(c, 4 * DAY), kind: 'text', body: 'Followed up by text, no answer.', actorId: o },
        { at: after(c, 9 * DAY), kind: 'state', state: 'lost', lostReason: 'no-response', actorId: o },
      ],
      (c, o) => [
        { at: after(c, 40 * 60_000), kind: 'out', body: 'Hello! The car is available and has a clean history. Would you like a test drive this week?', actorId: o },
        { at: after(c, 5 * HOUR), kind: 'in', body: 'Yes please, Thursday afternoon works. Is the price negotiable?' },
        { at: after(c, 1 * DAY), kind: 'call', body: 'Test drive booked for Thursday 3 pm; buyer pre-approved with their bank.', actorId: o },
        { at: after(c, 1 * DAY + HOUR), kind: 'state', state: 'qualified', actorId: o },
        { at: after(c, 3 * DAY), kind: 'state', state: 'negotiating', actorId: o },
        { at: after(c, 3 * DAY + HOUR), kind: 'note', body: 'Buyer offered 4% under asking; seller considering.', actorId: o },
        { at: after(c, 3 * DAY + 2 * HOUR), kind: 'task', body: 'Call the buyer back with the seller’s answer', dueAt: after(now, DAY), actorId: o },
      ],
      (c, o) => [
        { at: after(c, 25 * 60_000), kind: 'out', body: 'Hi! Monthly payments depend on your credit; our financing partner can pre-qualify you in minutes.', actorId: o },
        { at: after(c, 3 * HOUR), kind: 'in', body: 'Great, my credit is good. Please send the details.' },
        { at: after(c, 1 * DAY), kind: 'call', body: 'Walked through financing options; buyer is serious.', actorId: o },
        { at: after(c, 1 * DAY + 10 * 60_000), kind: 'state', state: 'qualified', actorId: o },
      ],
      (c, o) => [
        { at: after(c, 55 * 60_000), kind: 'out', body: 'We would consider your Accord as a trade-in. Could you send a few photos and the VIN?', actorId: o },
        { at: after(c, 6 * HOUR), kind: 'in', body: 'Sure, I will send them tonight.' },
      ],
      (c, o) => [{ at: after(c, 30 * 60_000), kind: 'call', body: 'Called the buyer: full service records are on file; sending copies.', actorId: o }],
      () => [],
      () => [],
    ];
    // The demo associate who signs in (Sam) has a lead in every state; Riley has the rest.
    const owners = [sam.id, sam.id, sam.id, riley.id, riley.id, sam.id, riley.id];
    for (const [i, lead] of imported.entries()) {
      const owner = owners[i % owners.length]!;
      const created = new Date(lead.createdAt);
      const plan = plans[Math.min(i, plans.length - 1)]!(created, owner);
      // An unanswered lead that is already overdue was escalated when it fell due (no burst of alerts at start).
      if (plan.length === 0 && lead.overdue) plan.push({ at: new Date(Math.max(new Date(lead.responseDueAt).getTime(), created.getTime() + 120_000)), kind: 'escalated' });
      await this.leads.replay(lead.id, [{ at: after(created, 60_000), kind: 'assigned', assignedTo: owner }, ...plan]);
    }

    // Sales on the demo's sold listings: a fee paid, one invoiced, one due.
    const sold = listingIds.filter((_, i) => statuses[i] === 'sold');
    const buyers = [
      ['Olivia Grant', 'olivia.grant@example.net'],
      ['Ethan Park', 'ethan.park@example.org'],
      ['Sofia Marin', 'sofia.marin@example.com'],
    ] as const;
    const feeSteps: ((at: Date, o: number) => LeadHistoryStep[])[] = [
      (at, o) => [{ at: after(at, 2 * DAY), kind: 'fee', feeState: 'invoiced', actorId: o }, { at: after(at, 12 * DAY), kind: 'fee', feeState: 'paid', actorId: o }],
      (at, o) => [{ at: after(at, 1 * DAY), kind: 'fee', feeState: 'invoiced', actorId: o }],
      () => [],
    ];
    for (const [i, vehicleId] of sold.slice(0, 3).entries()) {
      const vehicle = await this.listings.byId(vehicleId);
      if (!vehicle) continue;
      const created = ago((45 - i * 15) * DAY);
      const owner = i % 2 === 0 ? sam.id : riley.id;
      const [name, email] = buyers[i]!;
      const { id } = await this.leads.createLead({ vehicle, source: 'contact', buyerName: name, buyerEmail: email, buyerPhone: null, subject: 'Is it still available?', body: `Hi, is the ${vehicleTitle(vehicle)} still available?`, at: created });
      const soldAt = after(created, 9 * DAY);
      const salePrice = Math.round(vehicle.price * 0.97);
      await this.leads.replay(id, [
        { at: after(created, 60_000), kind: 'assigned', assignedTo: owner },
        { at: after(created, 35 * 60_000), kind: 'out', body: 'Yes, it is! Would you like to come for a test drive?', actorId: owner },
        { at: after(created, 3 * HOUR), kind: 'in', body: 'Yes, Saturday morning please.' },
        { at: after(created, 2 * DAY), kind: 'state', state: 'qualified', actorId: owner },
        { at: after(created, 4 * DAY), kind: 'state', state: 'negotiating', actorId: owner },
        { at: after(created, 4 * DAY + HOUR), kind: 'note', body: `Agreed ${salePrice.toLocaleString('en-US')} with the seller, pending inspection.`, actorId: owner },
        { at: soldAt, kind: 'state', state: 'sold', salePrice, actorId: owner },
        ...feeSteps[i]!(soldAt, owner),
      ]);
    }

    // A financing request and a logged call on live listings.
    const live = listingIds.filter((_, i) => statuses[i] === 'approved');
    const financed = live.length > 5 ? await this.listings.byId(live[5]!) : null;
    if (financed) {
      const created = ago(3 * DAY);
      const { id } = await this.leads.createLead({
        vehicle: financed,
        source: 'financing',
        buyerName: 'Marcus Lee',
        buyerEmail: 'marcus.lee@example.net',
        buyerPhone: '(555) 018-3321',
        subject: `Financing pre-qualification: ${vehicleTitle(financed)}`,
        body: financingRequestNote(vehicleTitle(financed, true), financed.price),
        at: created,
        financing: { idType: 'drivers-license', idNumber: 'D-4471-0093', annualIncome: 96_000, creditHistory: 'good', hasInsurance: true, insurer: 'Harbor Mutual' },
      });
      await this.leads.replay(id, [
        { at: after(created, 60_000), kind: 'assigned', assignedTo: riley.id },
        { at: after(created, 50 * 60_000), kind: 'call', body: 'Confirmed the details; sent to the financing partner for pre-qualification.', actorId: riley.id },
      ]);
    }
    const called = live.length > 9 ? await this.listings.byId(live[9]!) : null;
    if (called) {
      await this.leads.createLead({
        vehicle: called,
        source: 'call',
        buyerName: 'Dana Whitaker',
        buyerEmail: null,
        buyerPhone: '(555) 016-2207',
        subject: `Call about the ${vehicleTitle(called)}`,
        body: 'Asked about the warranty and whether the price includes delivery; will visit on Saturday.',
        at: ago(5 * HOUR),
      });
    }
    this.logger.log(`Demo desk: ${associates.length} associates, ${imported.length + sold.slice(0, 3).length + (financed ? 1 : 0) + (called ? 1 : 0)} leads`);
  }
}
