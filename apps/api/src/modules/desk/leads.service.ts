import { ConflictException, ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, EntityManager, In, IsNull, LessThanOrEqual, Not, Repository, SelectQueryBuilder } from 'typeorm';
import {
  canMoveLead,
  FEE_TRANSITIONS,
  formatPrice,
  LEAD_STATE_LABELS,
  sitePath,
  successFee,
  vehicleTitle,
  type CreateLeadDto,
  type DeskLead,
  type FeeState,
  type LeadActivityKind,
  type LeadState,
  type LostReason,
  type DeskLeadDetail,
  type DeskLeadList,
  type FinancingRequestCreated,
  type FinancingRequestDto,
  type LeadActivityDto,
  type LeadFinancing,
  type LeadQueryDto,
  type LeadSource,
  type LeadTrailKind,
  type StaffMember,
  type UpdateLeadDto,
} from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { ValidationFailedException } from '../../infra/http/error-body';
import { composeMail } from '../../infra/mail/mail-layout';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import type { AuthUser } from '../auth';
import { UserEntity } from '../users';
import { ListingReader, type ListingSummary, ListingWriter, type VehicleEntity } from '../vehicles';
import { addBusinessMinutes } from './business-hours';
import { LeadActivityEntity } from './entities/lead-activity.entity';
import { LeadMessageEntity } from './entities/lead-message.entity';
import { LeadEntity } from './entities/lead.entity';
import { openFinancing, sealFinancing } from './financing-seal';
import { replyAddress } from './reply-token';

/** Who acts on a lead: a staff member, or the system (a buyer's form, the inbound mail, a job). */
type Actor = Pick<AuthUser, 'id' | 'role' | 'firstName' | 'lastName' | 'email'> | null;

/** A buyer contact as it arrives: from the contact form, the financing form, or logged by staff. */
export interface NewLead {
  vehicle: Pick<VehicleEntity, 'id'>;
  source: LeadSource;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  subject: string;
  /** The buyer's first message (the form's text, or staff's note of the call). */
  body: string;
  contactMessageId?: number | null;
  /** When it arrived (imports and demo data); now otherwise. */
  at?: Date;
  /** The financing pre-qualification answers, sealed under the application key. */
  financing?: LeadFinancing;
}

/**
 * One step of a lead's history replayed with its own time (demo data, a lead moved from another system):
 * a reply (out) or the buyer's message (in), a logged activity, or a state change (sold with its price, a fee's
 * state, lost with its reason).
 */
export type LeadHistoryStep =
  | { at: Date; kind: 'out' | 'in'; body: string; actorId?: number }
  | { at: Date; kind: LeadActivityKind; body: string; actorId?: number; dueAt?: Date }
  | { at: Date; kind: 'state'; state: LeadState; lostReason?: LostReason; salePrice?: number; actorId?: number }
  | { at: Date; kind: 'fee'; feeState: FeeState; actorId?: number }
  | { at: Date; kind: 'escalated' }
  | { at: Date; kind: 'assigned'; assignedTo: number; actorId?: number };

const OPEN_STATES = ['new', 'contacted', 'qualified', 'negotiating'] as const;
const staffName = (u: Pick<UserEntity, 'firstName' | 'lastName' | 'email'>) => [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;

/**
 * The desk's leads: every buyer contact becomes one, assigned round-robin to the active associates, moved
 * through its states to a sale (recording the success fee and marking the listing sold) or a loss. Every
 * change writes an entry in the lead's trail in the same transaction. The only writer of leads, lead_messages
 * and lead_activities.
 */
@Injectable()
export class LeadsService {
  private readonly logger = new Logger(LeadsService.name);

  constructor(
    @InjectRepository(LeadEntity) private readonly leads: Repository<LeadEntity>,
    private readonly listings: ListingReader,
    private readonly writer: ListingWriter,
    private readonly outbox: MailOutbox,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- Creating leads -----------------------------------------------------------------------------------

  /** Records a new lead in `manager`'s transaction (the contact form's, so a message never lacks its lead). */
  async create(manager: EntityManager, input: NewLead, actor: Actor = null): Promise<LeadEntity> {
    const at = input.at ?? new Date();
    const assignee = await this.nextAssignee(manager);
    const responded = input.source === 'call' || input.source === 'text';
    const lead = await manager.save(
      manager.create(LeadEntity, {
        vehicleId: input.vehicle.id,
        source: input.source,
        state: responded ? 'contacted' : 'new',
        buyerName: input.buyerName,
        buyerEmail: input.buyerEmail,
        buyerPhone: input.buyerPhone,
        subject: input.subject.slice(0, 200),
        contactMessageId: input.contactMessageId ?? null,
        assignedToId: assignee?.id ?? null,
        responseDueAt: addBusinessMinutes(at, this.config.desk.firstResponseMinutes, this.config.desk.businessHours),
        firstResponseAt: responded ? at : null,
        createdAt: at,
        updatedAt: at,
      }),
    );
    if (input.financing) {
      await manager.update(LeadEntity, { id: lead.id }, { financingSealed: sealFinancing(this.config.desk.financingKey, lead.id, input.financing) });
    }
    if (input.source === 'call' || input.source === 'text') {
      await this.trail(manager, lead.id, input.source, input.body, actor, at);
    } else {
      await manager.insert(LeadMessageEntity, { leadId: lead.id, direction: 'in', body: input.body, authorId: null, authorName: input.buyerName, createdAt: at });
    }
    await this.trail(manager, lead.id, 'created', `From ${input.source}${assignee ? `, assigned to ${staffName(assignee)}` : ', unassigned (no active associate)'}`, actor, at);
    return lead;
  }

  /** A new lead in a transaction of its own (imports, demo data). */
  createLead(input: NewLead, actor: Actor = null): Promise<LeadEntity> {
    return this.leads.manager.transaction((manager) => this.create(manager, input, actor));
  }

  /** POST /api/desk/leads: a call or a text staff took about a listing (the first response is that call). */
  async logLead(dto: CreateLeadDto, actor: AuthUser): Promise<DeskLeadDetail> {
    const vehicle = await this.listings.byId(dto.vehicleId);
    if (!vehicle) throw new ValidationFailedException([{ field: 'vehicleId', message: 'No listing has this id' }]);
    const lead = await this.leads.manager.transaction((manager) =>
      this.create(
        manager,
        {
          vehicle,
          source: dto.source,
          buyerName: dto.buyerName,
          buyerEmail: dto.buyerEmail ?? null,
          buyerPhone: dto.buyerPhone ?? null,
          subject: `${dto.source === 'call' ? 'Call' : 'Text'} about the ${vehicleTitle(vehicle)}`,
          body: dto.body,
        },
        actor,
      ),
    );
    return this.detail(lead.id);
  }

  /**
   * POST /api/financing: the listing page's pre-qualification. The ID, income and credit answers are sealed
   * under the application key; the thread says only that a request came (never the answers).
   */
  async requestFinancing(dto: FinancingRequestDto): Promise<FinancingRequestCreated> {
    const vehicle = await this.listings.publicById(dto.vehicleId);
    if (!vehicle) throw new NotFoundException('Vehicle not found');
    const answers: LeadFinancing = {
      idType: dto.idType,
      idNumber: dto.idNumber,
      annualIncome: dto.annualIncome,
      creditHistory: dto.creditHistory,
      hasInsurance: dto.hasInsurance,
      insurer: dto.insurer ?? null,
    };
    const lead = await this.leads.manager.transaction(async (manager) => {
      const created = await this.create(manager, {
        vehicle,
        source: 'financing',
        buyerName: dto.name,
        buyerEmail: dto.email,
        buyerPhone: dto.phone ?? null,
        subject: `Financing pre-qualification: ${vehicleTitle(vehicle)}`,
        body: financingRequestNote(vehicleTitle(vehicle, true), vehicle.price),
        financing: answers,
      });
      if (this.config.mail.staffEmail) {
        await this.outbox.enqueue(
          manager,
          'desk-financing',
          composeMail(this.config.site, {
            to: this.config.mail.staffEmail,
            subject: `Financing request: ${vehicleTitle(vehicle, true)}`,
            paragraphs: [`${dto.name} asked to be pre-qualified for financing on listing #${vehicle.id}. Lead #${created.id} is on the desk.`],
            action: { label: 'Open the desk', url: `${this.config.publicUrl ?? ''}/admin` },
          }),
        );
      }
      return created;
    });
    return { id: lead.id };
  }

  /**
   * The next active associate in turn: associates ordered by id, the one after whoever got the latest assigned
   * lead (the first when nobody has one yet). Null when there is no associate.
   */
  private async nextAssignee(manager: EntityManager): Promise<UserEntity | null> {
    const associates = await manager.find(UserEntity, { where: { role: 'associate' }, order: { id: 'ASC' } });
    if (associates.length === 0) return null;
    const latest = await manager.findOne(LeadEntity, {
      select: { id: true, assignedToId: true },
      where: { assignedToId: In(associates.map((a) => a.id)) },
      order: { id: 'DESC' },
    });
    if (!latest) return associates[0]!;
    return associates.find((a) => a.id > latest.assignedToId!) ?? associates[0]!;
  }

  // ---- Reading -------------------------------------------------------------------------------------------

  async list(query: LeadQueryDto, now = new Date()): Promise<DeskLeadList> {
    const qb = this.query();
    if (query.state) qb.andWhere('lead.state = :state', { state: query.state });
    if (query.unassigned === true) qb.andWhere('lead.assignedToId IS NULL');
    if (query.assignedTo !== undefined) qb.andWhere('lead.assignedToId = :assignedTo', { assignedTo: query.assignedTo });
    if (query.vehicleId !== undefined) qb.andWhere('lead.vehicleId = :vehicleId', { vehicleId: query.vehicleId });
    if (query.overdue !== undefined) {
      qb.andWhere(
        query.overdue
          ? new Brackets((w) => w.where('lead.firstResponseAt IS NULL').andWhere('lead.responseDueAt < :now').andWhere('lead.state IN (:...open)'))
          : new Brackets((w) => w.where('lead.firstResponseAt IS NOT NULL').orWhere('lead.responseDueAt >= :now').orWhere('lead.state NOT IN (:...open)')),
        { now, open: [...OPEN_STATES] },
      );
    }
    const [rows, total] = await qb
      .orderBy('lead.createdAt', 'DESC')
      .addOrderBy('lead.id', 'DESC')
      .offset((query.page - 1) * query.limit)
      .limit(query.limit)
      .getManyAndCount();
    const listings = await this.listings.summaries(rows.map((r) => r.vehicleId));
    return { items: rows.map((r) => this.toDeskLead(r, listings.get(r.vehicleId) ?? null, now)), total };
  }

  async detail(id: number, now = new Date()): Promise<DeskLeadDetail> {
    const lead = await this.query().where('lead.id = :id', { id }).getOne();
    if (!lead) throw new NotFoundException('Lead not found');
    const manager = this.leads.manager;
    const [listings, messages, activities] = await Promise.all([
      this.listings.summaries([lead.vehicleId]),
      manager.find(LeadMessageEntity, { where: { leadId: id }, order: { createdAt: 'ASC', id: 'ASC' } }),
      manager
        .createQueryBuilder(LeadActivityEntity, 'a')
        .leftJoinAndSelect('a.actor', 'actor')
        .where('a.leadId = :id', { id })
        .orderBy('a.createdAt', 'DESC')
        .addOrderBy('a.id', 'DESC')
        .getMany(),
    ]);
    return {
      ...this.toDeskLead(lead, listings.get(lead.vehicleId) ?? null, now),
      thread: messages.map((m) => ({ id: m.id, direction: m.direction, body: m.body, author: m.authorName, createdAt: m.createdAt.toISOString() })),
      activities: activities.map((a) => ({
        id: a.id,
        kind: a.kind,
        body: a.body,
        dueAt: a.dueAt?.toISOString() ?? null,
        actor: a.actor ? staffName(a.actor) : null,
        createdAt: a.createdAt.toISOString(),
      })),
      financing: this.financingOf(lead),
      financingErased: lead.financingErasedAt !== null,
    };
  }

  /** Staff who can be assigned leads: associates and admins, associates first. */
  async staff(): Promise<StaffMember[]> {
    const rows = await this.leads.manager.find(UserEntity, { where: { role: In(['associate', 'admin']) }, order: { id: 'ASC' } });
    return rows
      .map((u) => ({ id: u.id, email: u.email, name: staffName(u), role: u.role as StaffMember['role'] }))
      .sort((a, b) => (a.role === b.role ? a.id - b.id : a.role === 'associate' ? -1 : 1));
  }

  private financingOf(lead: LeadEntity): LeadFinancing | null {
    if (!lead.financingSealed) return null;
    try {
      return openFinancing(this.config.desk.financingKey, lead.id, lead.financingSealed);
    } catch (error) {
      this.logger.error(`Financing answers of lead #${lead.id} do not open with the current FINANCING_KEY: ${(error as Error).message}`);
      return null;
    }
  }

  private query(): SelectQueryBuilder<LeadEntity> {
    return this.leads.createQueryBuilder('lead').leftJoinAndSelect('lead.assignedTo', 'assignee');
  }

  private toDeskLead(lead: LeadEntity, vehicle: ListingSummary | null, now: Date): DeskLead {
    const a = lead.assignedTo;
    return {
      id: lead.id,
      state: lead.state,
      source: lead.source,
      vehicleId: lead.vehicleId,
      vehicle,
      buyerName: lead.buyerName,
      buyerEmail: lead.buyerEmail,
      buyerPhone: lead.buyerPhone,
      subject: lead.subject,
      assignedTo: a ? { id: a.id, email: a.email, name: staffName(a), role: a.role as StaffMember['role'] } : null,
      lostReason: lead.lostReason,
      createdAt: lead.createdAt.toISOString(),
      updatedAt: lead.updatedAt.toISOString(),
      firstResponseAt: lead.firstResponseAt?.toISOString() ?? null,
      responseDueAt: lead.responseDueAt.toISOString(),
      overdue: isOverdue(lead, now),
      fee:
        lead.feeAmount !== null && lead.feeState !== null && lead.salePrice !== null
          ? { amount: lead.feeAmount, salePrice: lead.salePrice, state: lead.feeState, updatedAt: (lead.feeUpdatedAt ?? lead.updatedAt).toISOString() }
          : null,
    };
  }

  // ---- Changing ------------------------------------------------------------------------------------------

  /**
   * PATCH /api/desk/leads/:id. A state move must follow LEAD_TRANSITIONS (400 naming `state`); lost needs a
   * lostReason and sold a salePrice (400 naming them). Selling marks the listing sold, records the success fee
   * as due, and closes the listing's other open leads as lost (car sold). The fee moves due → invoiced → paid,
   * by admins only.
   */
  async update(id: number, dto: UpdateLeadDto, actor: AuthUser): Promise<DeskLeadDetail> {
    const lead = await this.leads.findOneBy({ id });
    if (!lead) throw new NotFoundException('Lead not found');
    const errors: { field: string; message: string }[] = [];
    const target = dto.state ?? lead.state;
    if (dto.state && !canMoveLead(lead.state, dto.state)) {
      errors.push({ field: 'state', message: `A ${lead.state} lead cannot become ${dto.state}` });
    }
    if (dto.state === 'lost' && lead.state !== 'lost' && !dto.lostReason) errors.push({ field: 'lostReason', message: 'lostReason is required to mark a lead lost' });
    if (dto.state === 'sold' && lead.state !== 'sold' && dto.salePrice === undefined) errors.push({ field: 'salePrice', message: 'salePrice is required to mark a lead sold' });
    let assignee: UserEntity | null | undefined;
    if (dto.assignedTo !== undefined && dto.assignedTo !== null) {
      assignee = await this.leads.manager.findOneBy(UserEntity, { id: dto.assignedTo });
      if (!assignee || (assignee.role !== 'associate' && assignee.role !== 'admin')) errors.push({ field: 'assignedTo', message: 'assignedTo must be an associate or an admin' });
    }
    if (dto.feeState !== undefined) {
      if (actor.role !== 'admin') throw new ForbiddenException('Only an admin moves a success fee');
      if (target !== 'sold' || lead.feeState === null) errors.push({ field: 'feeState', message: 'Only a sold lead has a fee' });
      else if (dto.feeState !== lead.feeState && !FEE_TRANSITIONS[lead.feeState].includes(dto.feeState)) {
        errors.push({ field: 'feeState', message: `A ${lead.feeState} fee cannot become ${dto.feeState}` });
      }
    }
    if (errors.length > 0) throw new ValidationFailedException(errors);

    const selling = dto.state === 'sold' && lead.state !== 'sold';
    if (selling) await this.markListingSold(lead.vehicleId, dto.salePrice!);

    await this.leads.manager.transaction(async (manager) => {
      const now = new Date();
      const set: Partial<LeadEntity> = {};
      if (dto.state && dto.state !== lead.state) {
        set.state = dto.state;
        set.lostReason = dto.state === 'lost' ? dto.lostReason! : null;
        const reason = dto.state === 'lost' ? ` (${dto.lostReason})` : '';
        await this.trail(manager, id, 'state', `${LEAD_STATE_LABELS[lead.state]} → ${LEAD_STATE_LABELS[dto.state]}${reason}`, actor, now);
      }
      if (selling) {
        const fee = successFee(dto.salePrice!, this.config.desk.successFee);
        Object.assign(set, { salePrice: dto.salePrice!, feeAmount: fee, feeState: 'due', feeUpdatedAt: now, soldAt: now });
        await this.trail(manager, id, 'fee', `Sold for ${formatPrice(dto.salePrice!)}: success fee ${formatPrice(fee)} due`, actor, now);
        await this.closeOtherLeads(manager, lead, actor, now);
      }
      if (dto.assignedTo !== undefined && dto.assignedTo !== lead.assignedToId) {
        set.assignedToId = dto.assignedTo;
        await this.trail(manager, id, 'assigned', assignee ? `Assigned to ${staffName(assignee)}` : 'Unassigned', actor, now);
      }
      if (dto.feeState !== undefined && dto.feeState !== lead.feeState) {
        Object.assign(set, { feeState: dto.feeState, feeUpdatedAt: now });
        await this.trail(manager, id, 'fee', `Fee ${lead.feeState} → ${dto.feeState}`, actor, now);
      }
      if (Object.keys(set).length > 0) await manager.update(LeadEntity, { id }, set);
    });
    return this.detail(id);
  }

  /** The sale marks the listing sold (the desk's own write, as the system); 409 for a listing that is not live. */
  private async markListingSold(vehicleId: number, salePrice: number): Promise<void> {
    const before = await this.listings.byId(vehicleId);
    if (!before) throw new ConflictException('The listing of this lead is gone');
    if (before.status === 'sold') return;
    if (before.status !== 'approved') throw new ConflictException(`Only a live listing can be sold (this one is ${before.status})`);
    await this.writer.write({ kind: 'system', name: 'desk' }, [{ before, after: { status: 'sold', soldPrice: salePrice, soldPriceShown: false } }]);
  }

  private async closeOtherLeads(manager: EntityManager, sold: LeadEntity, actor: Actor, now: Date): Promise<void> {
    const others = await manager.find(LeadEntity, { select: { id: true, state: true }, where: { vehicleId: sold.vehicleId, id: Not(sold.id), state: In([...OPEN_STATES]) } });
    for (const other of others) {
      await manager.update(LeadEntity, { id: other.id }, { state: 'lost', lostReason: 'car-sold' });
      await this.trail(manager, other.id, 'state', `${LEAD_STATE_LABELS[other.state]} → Lost (car-sold: lead #${sold.id} bought it)`, actor, now);
    }
  }

  /**
   * POST /api/desk/leads/:id/messages: the reply joins the thread and is e-mailed to the buyer through the
   * outbox, from the site with the lead's own signed reply address, so the answer comes back to this thread.
   */
  async reply(id: number, body: string, actor: AuthUser): Promise<DeskLeadDetail> {
    const lead = await this.leads.findOneBy({ id });
    if (!lead) throw new NotFoundException('Lead not found');
    const vehicle = (await this.listings.summaries([lead.vehicleId])).get(lead.vehicleId) ?? null;
    if (!lead.buyerEmail) throw new ValidationFailedException([{ field: 'body', message: 'This buyer left no e-mail address: log a call or a text instead' }]);
    const author = staffName(actor);
    await this.leads.manager.transaction(async (manager) => {
      const now = new Date();
      await manager.insert(LeadMessageEntity, { leadId: id, direction: 'out', body, authorId: actor.id, authorName: author, createdAt: now });
      const title = vehicle ? vehicleTitle(vehicle) : 'your car';
      const queued = await this.outbox.enqueue(
        manager,
        'desk-reply',
        composeMail(this.config.site, {
          to: lead.buyerEmail!,
          subject: `Re: ${lead.subject}`,
          paragraphs: [`Hello ${lead.buyerName},`, body, `${author}\n${this.config.site.name}`],
          ...(vehicle ? { action: { label: `View the ${title}`, url: `${this.config.publicUrl ?? ''}${sitePath('/vehicles/:id', { id: lead.vehicleId })}` } } : {}),
          footer: ['Reply to this e-mail to answer your associate.'],
          replyTo: { name: `${this.config.site.name} (${author})`, address: this.replyAddressOf(id) },
        }),
      );
      if (!queued) await this.trail(manager, id, 'note', 'The reply was not e-mailed: the buyer has not verified this address', actor, now);
      await this.responded(manager, lead, actor, now);
    });
    return this.detail(id);
  }

  /** The signed reply address of a lead (lead-<id>-<tag>@INBOUND_MAIL_DOMAIN). */
  replyAddressOf(leadId: number): string {
    return replyAddress(this.config.session.secret, leadId, this.config.desk.inboundDomain);
  }

  /** POST /api/desk/leads/:id/activities: a logged call or text counts as the first response. */
  async logActivity(id: number, dto: LeadActivityDto, actor: AuthUser): Promise<DeskLeadDetail> {
    const lead = await this.leads.findOneBy({ id });
    if (!lead) throw new NotFoundException('Lead not found');
    await this.leads.manager.transaction(async (manager) => {
      const now = new Date();
      await this.trail(manager, id, dto.kind, dto.body, actor, now, dto.dueAt ? new Date(dto.dueAt) : null);
      if (dto.kind === 'call' || dto.kind === 'text') await this.responded(manager, lead, actor, now);
    });
    return this.detail(id);
  }

  /** The buyer's answer that came back by e-mail: joins the thread (a lost lead stays lost; staff see it). */
  async receiveBuyerMail(leadId: number, from: string, body: string): Promise<boolean> {
    const lead = await this.leads.findOneBy({ id: leadId });
    if (!lead) return false;
    await this.leads.manager.transaction(async (manager) => {
      await manager.insert(LeadMessageEntity, { leadId, direction: 'in', body, authorId: null, authorName: lead.buyerName || from, createdAt: new Date() });
      await manager.update(LeadEntity, { id: leadId }, { updatedAt: new Date() });
    });
    return true;
  }

  /** The first response: records its time once; a new lead becomes contacted. */
  private async responded(manager: EntityManager, lead: LeadEntity, actor: Actor, now: Date): Promise<void> {
    if (lead.firstResponseAt === null) await manager.update(LeadEntity, { id: lead.id, firstResponseAt: IsNull() }, { firstResponseAt: now });
    if (lead.state === 'new') {
      await manager.update(LeadEntity, { id: lead.id, state: 'new' }, { state: 'contacted' });
      await this.trail(manager, lead.id, 'state', 'New → Contacted', actor, now);
    }
  }

  private async trail(manager: EntityManager, leadId: number, kind: LeadTrailKind, body: string | null, actor: Actor, at: Date, dueAt: Date | null = null): Promise<void> {
    await manager.insert(LeadActivityEntity, { leadId, kind, body, dueAt, actorId: actor?.id ?? null, createdAt: at });
  }

  /**
   * Replays a lead's history with its own times (demo data, a lead moved from another system), in one
   * transaction, through the same rules as live work: the first reply, call or text is the first response;
   * selling records the fee (the listing must already be sold or live: it is marked sold).
   */
  async replay(leadId: number, steps: readonly LeadHistoryStep[]): Promise<void> {
    const sale = steps.find((s): s is Extract<LeadHistoryStep, { kind: 'state' }> => s.kind === 'state' && s.state === 'sold');
    const lead = await this.leads.findOneByOrFail({ id: leadId });
    if (sale) await this.markListingSold(lead.vehicleId, sale.salePrice!);
    await this.leads.manager.transaction(async (manager) => {
      const staff = new Map((await manager.find(UserEntity, { where: { role: In(['associate', 'admin']) } })).map((u) => [u.id, u]));
      let current = await manager.findOneByOrFail(LeadEntity, { id: leadId });
      for (const step of steps) {
        const actor = 'actorId' in step && step.actorId !== undefined ? (staff.get(step.actorId) ?? null) : null;
        const set: Partial<LeadEntity> = { updatedAt: step.at };
        if (step.kind === 'out' || step.kind === 'in') {
          const author = step.kind === 'out' ? (actor ? staffName(actor) : this.config.site.name) : current.buyerName;
          await manager.insert(LeadMessageEntity, { leadId, direction: step.kind, body: step.body, authorId: step.kind === 'out' ? (actor?.id ?? null) : null, authorName: author, createdAt: step.at });
        } else if (step.kind === 'state') {
          await this.trail(manager, leadId, 'state', `${LEAD_STATE_LABELS[current.state]} → ${LEAD_STATE_LABELS[step.state]}${step.lostReason ? ` (${step.lostReason})` : ''}`, actor, step.at);
          Object.assign(set, { state: step.state, lostReason: step.lostReason ?? null });
          if (step.state === 'sold') {
            const fee = successFee(step.salePrice!, this.config.desk.successFee);
            Object.assign(set, { salePrice: step.salePrice!, feeAmount: fee, feeState: 'due', feeUpdatedAt: step.at, soldAt: step.at });
            await this.trail(manager, leadId, 'fee', `Sold for ${formatPrice(step.salePrice!)}: success fee ${formatPrice(fee)} due`, actor, step.at);
          }
        } else if (step.kind === 'fee') {
          await this.trail(manager, leadId, 'fee', `Fee ${current.feeState} → ${step.feeState}`, actor, step.at);
          Object.assign(set, { feeState: step.feeState, feeUpdatedAt: step.at });
        } else if (step.kind === 'assigned') {
          const to = staff.get(step.assignedTo);
          await this.trail(manager, leadId, 'assigned', to ? `Assigned to ${staffName(to)}` : 'Unassigned', actor, step.at);
          set.assignedToId = to?.id ?? null;
        } else if (step.kind === 'escalated') {
          await this.trail(manager, leadId, 'escalated', `First response overdue since ${current.responseDueAt.toISOString()}; admins alerted`, null, step.at);
          set.escalatedAt = step.at;
        } else {
          await this.trail(manager, leadId, step.kind, step.body, actor, step.at, 'dueAt' in step ? (step.dueAt ?? null) : null);
        }
        const responds = step.kind === 'out' || step.kind === 'call' || step.kind === 'text';
        if (responds && current.firstResponseAt === null) set.firstResponseAt = step.at;
        if (responds && current.state === 'new') {
          set.state = 'contacted';
          await this.trail(manager, leadId, 'state', 'New → Contacted', actor, step.at);
        }
        await manager.update(LeadEntity, { id: leadId }, set);
        current = { ...current, ...set } as LeadEntity;
      }
    });
  }

  // ---- Jobs ----------------------------------------------------------------------------------------------

  /**
   * Escalates each open lead whose first response is overdue to every admin by e-mail, once per lead (the
   * lead's escalatedAt is claimed in the same transaction as the e-mail). Answers how many were escalated.
   */
  async escalateOverdue(now = new Date()): Promise<number> {
    const overdue = await this.query()
      .where('lead.firstResponseAt IS NULL')
      .andWhere('lead.escalatedAt IS NULL')
      .andWhere('lead.responseDueAt < :now', { now })
      .andWhere('lead.state IN (:...open)', { open: [...OPEN_STATES] })
      .orderBy('lead.id', 'ASC')
      .limit(100)
      .getMany();
    if (overdue.length === 0) return 0;
    const admins = await this.leads.manager.find(UserEntity, { where: { role: 'admin' } });
    let escalated = 0;
    for (const lead of overdue) {
      await this.leads.manager.transaction(async (manager) => {
        const { affected } = await manager.update(LeadEntity, { id: lead.id, escalatedAt: IsNull() }, { escalatedAt: now });
        if (!affected) return;
        escalated += 1;
        const who = lead.assignedTo ? staffName(lead.assignedTo) : 'nobody (no active associate)';
        await this.trail(manager, lead.id, 'escalated', `First response overdue since ${lead.responseDueAt.toISOString()}; admins alerted`, null, now);
        for (const admin of admins) {
          await this.outbox.enqueue(
            manager,
            'desk-escalation',
            composeMail(this.config.site, {
              to: admin.email,
              subject: `Overdue lead #${lead.id}: ${lead.buyerName} has had no answer`,
              paragraphs: [
                `Lead #${lead.id} (${lead.subject}) came in ${lead.createdAt.toISOString()} and its first response was due ${lead.responseDueAt.toISOString()}.`,
                `Assigned to ${who}. Answer the buyer or reassign the lead.`,
              ],
              action: { label: 'Open the desk', url: `${this.config.publicUrl ?? ''}/admin` },
            }),
          );
        }
      });
    }
    return escalated;
  }

  /** Erases the financing answers of leads older than FINANCING_RETENTION_DAYS; answers how many. */
  async eraseExpiredFinancing(now = new Date()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.desk.financingRetentionDays * 86_400_000);
    const rows = await this.leads.find({ select: { id: true }, where: { financingSealed: Not(IsNull()), createdAt: LessThanOrEqual(cutoff) }, take: 500 });
    for (const { id } of rows) {
      await this.leads.manager.transaction(async (manager) => {
        await manager.update(LeadEntity, { id }, { financingSealed: null, financingErasedAt: now });
        await this.trail(manager, id, 'financing-erased', `Financing answers erased after ${this.config.desk.financingRetentionDays} days`, null, now);
      });
    }
    return rows.length;
  }
}

/** The thread's note of a financing request: that it came, never the answers. */
export function financingRequestNote(title: string, price: number): string {
  return `Financing pre-qualification request for the ${title} (${formatPrice(price)}). The answers are on the lead, for the desk and the financing partner.`;
}

export function isOverdue(lead: Pick<LeadEntity, 'firstResponseAt' | 'responseDueAt' | 'state'>, now: Date): boolean {
  return lead.firstResponseAt === null && (OPEN_STATES as readonly string[]).includes(lead.state) && lead.responseDueAt.getTime() < now.getTime();
}
