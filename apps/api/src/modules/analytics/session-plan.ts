import { dayOf, fromSqlDateTime } from './analytics-time';

/** A visit ends after 30 minutes without a page view (a view exactly 30 minutes later still continues it). */
export const SESSION_GAP_MS = 30 * 60 * 1000;

export interface VisitRow {
  sessionId: string;
  timestamp: string | Date;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface StoredSession {
  id: number;
  sessionId: string;
  visitorId: string;
  firstVisit: Date;
  lastVisit: Date;
  pageViews: number;
  totalDuration: number;
}

export interface NewSession {
  sessionId: string;
  visitorId: string;
  ipAddress: string | null;
  userAgent: string | null;
  firstVisit: Date;
  lastVisit: Date;
  pageViews: number;
  totalDuration: number;
}

/** What a batch of visitors' roll-up read: their reopenable sessions, their views and their known latest days. */
export interface VisitorsState {
  visitors: readonly string[];
  /** The start of the views this run rolls up (the re-read tail included). */
  from: Date;
  /** Each visitor's stored sessions that views from `from` on can extend, bridge or follow, oldest first. */
  stored: ReadonlyMap<string, readonly StoredSession[]>;
  /** Each visitor's views from `reopenFrom`, oldest first. */
  visits: ReadonlyMap<string, readonly VisitRow[]>;
  /** Each known visitor's latest day with a view, as stored. */
  lastSeen: ReadonlyMap<string, string>;
}

/** The writes that bring the stored sessions and latest days in line with the views, and the days they touch. */
export interface SessionPlan {
  inserts: NewSession[];
  updates: { id: number; session: NewSession }[];
  deletes: number[];
  /** Visitors whose latest day moved forward (or who are new). */
  seen: { visitorId: string; lastSeenDay: string }[];
  /** Days whose session counts change (a session belongs to the day of its first view). */
  sessionDays: Set<string>;
  /** Days whose "last seen" visitor counts change. */
  lastSeenDays: Set<string>;
}

/**
 * Where a visitor's sessions are recomputed from: the first view of its earliest reopened session, or
 * `from`. Views before that belong to sessions that can no longer change.
 */
export function reopenFrom(stored: ReadonlyMap<string, readonly StoredSession[]>, visitor: string, from: Date): Date {
  return stored.get(visitor)?.[0]?.firstVisit ?? from;
}

/** The earliest view any of these visitors' recomputation reads. */
export function readFrom(stored: ReadonlyMap<string, readonly StoredSession[]>, visitors: readonly string[], from: Date): Date {
  return new Date(Math.min(from.getTime(), ...visitors.map((v) => reopenFrom(stored, v, from).getTime())));
}

/**
 * Plans the roll-up of a batch of visitors (pure: no database): recomputes each visitor's sessions from
 * its views and compares them with the stored ones (new, changed, gone), and moves each visitor's latest
 * day forward. Sessions are a pure function of the views, so planning twice over the same state and
 * writing the first plan leaves nothing for the second.
 */
export function planSessions(state: VisitorsState): SessionPlan {
  const plan: SessionPlan = { inserts: [], updates: [], deletes: [], seen: [], sessionDays: new Set(), lastSeenDays: new Set() };
  const latestDay = new Map<string, string>();
  for (const visitor of state.visitors) {
    const start = reopenFrom(state.stored, visitor, state.from).getTime();
    const own = (state.visits.get(visitor) ?? []).filter((v) => fromSqlDateTime(v.timestamp).getTime() >= start);
    if (own.length === 0) continue;
    const computed = sessionsOf(visitor, own);
    latestDay.set(visitor, dayOf(computed[computed.length - 1].lastVisit));
    const old = new Map((state.stored.get(visitor) ?? []).map((s) => [s.sessionId, s]));
    for (const session of computed) {
      const previous = old.get(session.sessionId);
      old.delete(session.sessionId);
      if (!previous) plan.inserts.push(session);
      else if (changed(previous, session)) plan.updates.push({ id: previous.id, session });
      else continue;
      plan.sessionDays.add(dayOf(session.firstVisit));
    }
    for (const gone of old.values()) {
      plan.deletes.push(gone.id);
      plan.sessionDays.add(dayOf(gone.firstVisit));
    }
  }
  for (const [visitorId, day] of latestDay) {
    const before = state.lastSeen.get(visitorId);
    if (before !== undefined && before >= day) continue;
    plan.seen.push({ visitorId, lastSeenDay: day });
    plan.lastSeenDays.add(day);
    if (before !== undefined) plan.lastSeenDays.add(before);
  }
  return plan;
}

export function isEmptyPlan(plan: SessionPlan): boolean {
  return plan.inserts.length + plan.updates.length + plan.deletes.length + plan.seen.length === 0;
}

function changed(previous: StoredSession, session: NewSession): boolean {
  return (
    previous.lastVisit.getTime() !== session.lastVisit.getTime() || previous.pageViews !== session.pageViews || previous.totalDuration !== session.totalDuration
  );
}

/** Splits one visitor's views (oldest first) into sessions: a gap over 30 minutes starts a new one. */
export function sessionsOf(visitorId: string, visits: readonly VisitRow[]): NewSession[] {
  const sessions: NewSession[] = [];
  let current: NewSession | undefined;
  for (const visit of visits) {
    const at = fromSqlDateTime(visit.timestamp);
    if (current && at.getTime() - current.lastVisit.getTime() <= SESSION_GAP_MS) {
      current.lastVisit = at;
      current.pageViews += 1;
      current.totalDuration = Math.round((at.getTime() - current.firstVisit.getTime()) / 1000);
      continue;
    }
    current = {
      sessionId: `${visitorId}:${Math.floor(at.getTime() / 1000)}`,
      visitorId,
      ipAddress: visit.ipAddress,
      userAgent: visit.userAgent,
      firstVisit: at,
      lastVisit: at,
      pageViews: 1,
      totalDuration: 0,
    };
    sessions.push(current);
  }
  return sessions;
}
