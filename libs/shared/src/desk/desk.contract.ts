import { Transform } from 'class-transformer';
import { IsBoolean, IsEmail, IsIn, IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../auth/auth-limits';
import { STAFF_ROLES, type StaffRole } from '../auth/user.contract';
import { PageQueryDto } from '../common/pagination';
import { emptyToUndefined, lowercased, singleLine, toBoolean, toInteger, trimmed } from '../common/transforms';
import { numeric, rule } from '../common/validators';
import { phoneDigits } from '../vehicles/vehicle-input.dto';
import type { ListingStatus } from '../vehicles/vocabularies';
import { CREDIT_HISTORIES, ID_TYPES } from './financing-options';

/** A lead's life on the desk (issue 30): new → contacted → qualified → negotiating → sold | lost. */
export const LEAD_STATES = ['new', 'contacted', 'qualified', 'negotiating', 'sold', 'lost'] as const;
export type LeadState = (typeof LEAD_STATES)[number];
export const LEAD_STATE_LABELS: Record<LeadState, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  negotiating: 'Negotiating',
  sold: 'Sold',
  lost: 'Lost',
};

/**
 * Where a state may go. Forward one step or more, back one step (a mistake undone), lost from any open state,
 * and a lost lead may be reopened as new. A sold lead is final (its fee is recorded).
 */
export const LEAD_TRANSITIONS: Record<LeadState, readonly LeadState[]> = {
  new: ['contacted', 'qualified', 'negotiating', 'sold', 'lost'],
  contacted: ['new', 'qualified', 'negotiating', 'sold', 'lost'],
  qualified: ['contacted', 'negotiating', 'sold', 'lost'],
  negotiating: ['qualified', 'sold', 'lost'],
  sold: [],
  lost: ['new'],
};

export function canMoveLead(from: LeadState, to: LeadState): boolean {
  return from === to || LEAD_TRANSITIONS[from].includes(to);
}

/** How the buyer reached us: the contact form, the financing pre-qualification, or a call or text staff logged. */
export const LEAD_SOURCES = ['contact', 'financing', 'call', 'text'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/** Why a lead was lost (required with state lost). */
export const LOST_REASONS = ['no-response', 'bought-elsewhere', 'price', 'financing-declined', 'car-sold', 'not-interested', 'spam', 'other'] as const;
export type LostReason = (typeof LOST_REASONS)[number];

/** What staff log on a lead by hand (POST /api/desk/leads/:id/activities). */
export const LEAD_ACTIVITY_KINDS = ['call', 'text', 'note', 'task'] as const;
export type LeadActivityKind = (typeof LEAD_ACTIVITY_KINDS)[number];
/** What the trail shows: logged activities and every change the desk made (state, assignee, fee, escalation). */
export type LeadTrailKind = LeadActivityKind | 'created' | 'state' | 'assigned' | 'fee' | 'escalated' | 'financing-erased';

/** The success fee's own life once a lead is sold. */
export const FEE_STATES = ['due', 'invoiced', 'paid'] as const;
export type FeeState = (typeof FEE_STATES)[number];
export const FEE_TRANSITIONS: Record<FeeState, readonly FeeState[]> = { due: ['invoiced'], invoiced: ['paid', 'due'], paid: [] };

/** The success fee on a sale: a percentage of the price, bounded by a minimum and a maximum (whole dollars to cents). */
export function successFee(salePrice: number, rule: { percent: number; min: number; max: number }): number {
  const raw = (salePrice * rule.percent) / 100;
  return Math.round(Math.min(rule.max, Math.max(rule.min, raw)) * 100) / 100;
}

const LEAD_ID = { message: 'assignedTo must be a user id' };

/** `GET /api/desk/leads?state=&assignedTo=&unassigned=&vehicleId=&overdue=&page=&limit=`. */
export class LeadQueryDto extends PageQueryDto {
  @IsOptional()
  @IsIn(LEAD_STATES, { message: `state must be one of: ${LEAD_STATES.join(', ')}` })
  state?: LeadState;

  /** A staff user's id. */
  @IsOptional()
  @Transform(toInteger)
  @Max(2_147_483_647, LEAD_ID)
  @Min(1, LEAD_ID)
  @IsInt(LEAD_ID)
  assignedTo?: number;

  /** true: only leads assigned to nobody. */
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'unassigned must be true or false' })
  unassigned?: boolean;

  @IsOptional()
  @Transform(toInteger)
  @Max(2_147_483_647, { message: 'vehicleId must be a listing id' })
  @Min(1, { message: 'vehicleId must be a listing id' })
  @IsInt({ message: 'vehicleId must be a listing id' })
  vehicleId?: number;

  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'overdue must be true or false' })
  overdue?: boolean;
}

const whenState = (state: LeadState) => (_v: unknown, args: { object: object }) => (args.object as { state?: unknown }).state === state;

/**
 * `PATCH /api/desk/leads/:id`: any of the fields. `lostReason` goes only with state lost (and lost needs one);
 * `salePrice` only with state sold (and sold needs one); `feeState` moves the fee of a sold lead.
 */
export class UpdateLeadDto {
  @IsOptional()
  @IsIn(LEAD_STATES, { message: `state must be one of: ${LEAD_STATES.join(', ')}` })
  state?: LeadState;

  /** A staff user's id; null takes the lead off everyone's list. */
  @IsOptional()
  @ValidateIf((_o, v) => v !== null)
  @Max(2_147_483_647, LEAD_ID)
  @Min(1, LEAD_ID)
  @IsInt(LEAD_ID)
  assignedTo?: number | null;

  @IsOptional()
  @rule('onlyWhenLost', whenState('lost'), 'lostReason goes only with state lost')
  @IsIn(LOST_REASONS, { message: `lostReason must be one of: ${LOST_REASONS.join(', ')}` })
  lostReason?: LostReason;

  @IsOptional()
  @Transform(numeric)
  @rule('onlyWhenSold', whenState('sold'), 'salePrice goes only with state sold')
  @Max(100_000_000, { message: 'salePrice must be at most 100000000' })
  @Min(1, { message: 'salePrice must be a positive amount' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'salePrice must be an amount in dollars' })
  salePrice?: number;

  @IsOptional()
  @IsIn(FEE_STATES, { message: `feeState must be one of: ${FEE_STATES.join(', ')}` })
  feeState?: FeeState;
}

export const LEAD_LIMITS = { messageMaxLength: 5000, noteMaxLength: 2000 } as const;

/** `POST /api/desk/leads/:id/messages`: a reply e-mailed to the buyer through the outbox. */
export class LeadMessageDto {
  @Transform(trimmed)
  @MaxLength(LEAD_LIMITS.messageMaxLength, { message: `body must be at most ${LEAD_LIMITS.messageMaxLength} characters` })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  body!: string;
}

/** `POST /api/desk/leads/:id/activities`: a call, a text, a note, or a task with a due time. */
export class LeadActivityDto {
  @IsIn(LEAD_ACTIVITY_KINDS, { message: `kind must be one of: ${LEAD_ACTIVITY_KINDS.join(', ')}` })
  kind!: LeadActivityKind;

  @Transform(trimmed)
  @MaxLength(LEAD_LIMITS.noteMaxLength, { message: `body must be at most ${LEAD_LIMITS.noteMaxLength} characters` })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  body!: string;

  /** Required for a task, refused otherwise. */
  @ValidateIf((o: LeadActivityDto) => o.kind === 'task' || o.dueAt !== undefined)
  @rule('onlyForTask', (_v, args) => (args.object as LeadActivityDto).kind === 'task', 'dueAt goes only with kind task')
  @rule('reasonableDate', (v) => typeof v !== 'string' || (Date.parse(v) >= Date.UTC(2000, 0, 1) && Date.parse(v) < Date.UTC(2100, 0, 1)), 'dueAt must be between 2000 and 2100')
  @IsISO8601({ strict: true }, { message: 'dueAt must be a date and time (ISO 8601)' })
  @IsNotEmpty({ message: 'dueAt is required for a task' })
  dueAt?: string;
}

/** `POST /api/desk/leads`: a call or a text staff took, logged as a new lead on a listing. */
export class CreateLeadDto {
  @Transform(numeric)
  @Max(2_147_483_647, { message: 'vehicleId must be a listing id' })
  @Min(1, { message: 'vehicleId must be a listing id' })
  @IsInt({ message: 'vehicleId must be a listing id' })
  vehicleId!: number;

  @IsIn(['call', 'text'], { message: 'source must be call or text' })
  source!: 'call' | 'text';

  @Transform(singleLine)
  @MaxLength(2 * NAME_MAX_LENGTH + 10, { message: 'buyerName is too long' })
  @IsString({ message: 'buyerName must be text' })
  @IsNotEmpty({ message: 'buyerName is required' })
  buyerName!: string;

  @IsOptional()
  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'Enter a valid email address' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  buyerEmail?: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @rule('phone', phoneDigits, 'Enter a valid phone number')
  buyerPhone?: string;

  @Transform(trimmed)
  @MaxLength(LEAD_LIMITS.noteMaxLength, { message: `body must be at most ${LEAD_LIMITS.noteMaxLength} characters` })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  body!: string;
}

/** `POST /api/admin/staff`: grants a staff role to an existing account. */
export class GrantStaffDto {
  @Transform(lowercased)
  @IsEmail({}, { message: 'Enter a valid email address' })
  @IsNotEmpty({ message: 'email is required' })
  email!: string;

  @IsIn(STAFF_ROLES, { message: `role must be one of: ${STAFF_ROLES.join(', ')}` })
  role!: StaffRole;
}

/** A staff member as the desk lists them. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

/** A listing as the desk shows it beside a lead (null once the listing is gone). */
export interface DeskListing {
  id: number;
  year: number;
  make: string;
  model: string;
  status: ListingStatus;
}

export interface LeadFee {
  amount: number;
  salePrice: number;
  state: FeeState;
  /** When it last changed state. */
  updatedAt: string;
}

/** A lead on the board. */
export interface DeskLead {
  id: number;
  state: LeadState;
  source: LeadSource;
  vehicleId: number;
  vehicle: DeskListing | null;
  buyerName: string;
  buyerEmail: string | null;
  buyerPhone: string | null;
  subject: string;
  assignedTo: StaffMember | null;
  lostReason: LostReason | null;
  createdAt: string;
  updatedAt: string;
  /** The first reply, call or text to the buyer; null until then. */
  firstResponseAt: string | null;
  /** When the first response is due (LEAD_FIRST_RESPONSE_MINUTES within business hours). */
  responseDueAt: string;
  /** No first response and past responseDueAt. */
  overdue: boolean;
  fee: LeadFee | null;
}

/** One message of a lead's conversation: the buyer's (in) or staff's (out). */
export interface LeadMessage {
  id: number;
  direction: 'in' | 'out';
  body: string;
  author: string;
  createdAt: string;
}

/** One entry of a lead's trail: a logged activity or a recorded change. */
export interface LeadTrailEntry {
  id: number;
  kind: LeadTrailKind;
  body: string | null;
  dueAt: string | null;
  actor: string | null;
  createdAt: string;
}

/** Financing answers as the desk sees them (never sellers); null once erased after FINANCING_RETENTION_DAYS. */
export interface LeadFinancing {
  idType: string;
  idNumber: string;
  annualIncome: number;
  creditHistory: string;
  hasInsurance: boolean;
  insurer: string | null;
}

/** `GET /api/desk/leads/:id`. */
export interface DeskLeadDetail extends DeskLead {
  thread: LeadMessage[];
  activities: LeadTrailEntry[];
  financing: LeadFinancing | null;
  financingErased: boolean;
}

export interface DeskLeadList {
  items: DeskLead[];
  total: number;
}

/** `GET /api/desk/report?days=`. */
export interface DeskReport {
  days: number;
  leadsPerDay: { day: string; count: number }[];
  firstResponseMinutes: { p50: number | null; p90: number | null };
  conversion: { leads: number; sold: number; rate: number | null };
  feesPerMonth: { month: string; amount: number; paid: number }[];
  perAssociate: { id: number; name: string; leads: number; sold: number; open: number; firstResponseP50: number | null; fees: number }[];
}

export class DeskReportQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @Max(365, { message: 'days must be at most 365' })
  @Min(1, { message: 'days must be at least 1' })
  @IsInt({ message: 'days must be a whole number' })
  days: number = 30;
}

/** Inbound e-mail that matched no lead, kept for staff. */
export interface UnmatchedMail {
  id: number;
  from: string;
  to: string;
  subject: string;
  body: string;
  receivedAt: string;
}

/** `GET /api/desk/inbound`: unmatched mail, and how many spoofed or unknown reply addresses were dropped. */
export interface DeskInbound {
  items: UnmatchedMail[];
  dropped: number;
}

/** A seller's view of the desk's work on one listing: counts and a stage, never the buyers' personal data. */
export interface ListingLeadProgress {
  vehicleId: number;
  /** Open leads (not sold, not lost). */
  activeBuyers: number;
  stage: 'none' | 'talking' | 'qualified' | 'offer' | 'sold';
  /** "3 buyers talking to your associate", "Offer under discussion". */
  summary: string;
}

export function leadProgressSummary(activeBuyers: number, stage: ListingLeadProgress['stage']): string {
  if (stage === 'sold') return 'Sold through your associate';
  if (stage === 'offer') return 'Offer under discussion';
  if (activeBuyers === 0) return 'No buyers yet';
  const buyers = `${activeBuyers} buyer${activeBuyers === 1 ? '' : 's'}`;
  return stage === 'qualified' ? `${buyers} qualified by your associate` : `${buyers} talking to your associate`;
}


/** `POST /api/financing`: the listing page's pre-qualification form (SPEC.md: ID, income, credit history, insurance). */
export class FinancingRequestDto {
  @Transform(numeric)
  @Max(2_147_483_647, { message: 'vehicleId must be a listing id' })
  @Min(1, { message: 'vehicleId must be a listing id' })
  @IsInt({ message: 'vehicleId must be a listing id' })
  vehicleId!: number;

  @Transform(singleLine)
  @MaxLength(2 * NAME_MAX_LENGTH + 10, { message: 'name is too long' })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'Name is required' })
  name!: string;

  @Transform(lowercased)
  @MaxLength(EMAIL_MAX_LENGTH, { message: 'Enter a valid email address' })
  @IsEmail({}, { message: 'Enter a valid email address' })
  @IsNotEmpty({ message: 'Email is required' })
  email!: string;

  @IsOptional()
  @Transform(emptyToUndefined)
  @rule('phone', phoneDigits, 'Enter a valid phone number')
  phone?: string;

  @IsIn(ID_TYPES, { message: `idType must be one of: ${ID_TYPES.join(', ')}` })
  idType!: (typeof ID_TYPES)[number];

  @Transform(singleLine)
  @MaxLength(40, { message: 'ID number must be at most 40 characters' })
  @IsString({ message: 'idNumber must be text' })
  @IsNotEmpty({ message: 'ID number is required' })
  idNumber!: string;

  @Transform(numeric)
  @Max(100_000_000, { message: 'annualIncome must be at most 100000000' })
  @Min(0, { message: 'annualIncome must be 0 or more' })
  @IsNumber({ maxDecimalPlaces: 2 }, { message: 'annualIncome must be an amount in dollars' })
  annualIncome!: number;

  @IsIn(CREDIT_HISTORIES, { message: `creditHistory must be one of: ${CREDIT_HISTORIES.join(', ')}` })
  creditHistory!: (typeof CREDIT_HISTORIES)[number];

  @IsBoolean({ message: 'hasInsurance must be true or false' })
  hasInsurance!: boolean;

  @IsOptional()
  @Transform(emptyToUndefined)
  @MaxLength(100, { message: 'insurer must be at most 100 characters' })
  @IsString({ message: 'insurer must be text' })
  insurer?: string;
}

export interface FinancingRequestCreated {
  id: number;
}
