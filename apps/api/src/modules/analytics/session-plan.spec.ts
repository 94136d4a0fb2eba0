import { planSessions, readFrom, sessionsOf, SESSION_GAP_MS, type StoredSession, type VisitorsState, type VisitRow } from './session-plan';

const MINUTE = 60 * 1000;
const at = (iso: string) => new Date(`${iso}Z`);
const view = (visitor: string, iso: string): VisitRow => ({ sessionId: visitor, timestamp: at(iso), ipAddress: '203.0.113.0', userAgent: 'test' });

/** A stored session as the roll-up wrote it from these views. */
function stored(id: number, visitor: string, views: string[]): StoredSession {
  const [session] = sessionsOf(visitor, views.map((v) => view(visitor, v)));
  return { id, sessionId: session.sessionId, visitorId: visitor, firstVisit: session.firstVisit, lastVisit: session.lastVisit, pageViews: session.pageViews, totalDuration: session.totalDuration };
}

function state(over: Partial<VisitorsState> & Pick<VisitorsState, 'visitors'>): VisitorsState {
  return { from: at('2026-03-05T12:00:00'), stored: new Map(), visits: new Map(), lastSeen: new Map(), ...over };
}

describe('sessionsOf', () => {
  it('starts a new session after a gap over 30 minutes, not at exactly 30', () => {
    const views = ['2026-03-05T10:00:00', '2026-03-05T10:30:00', '2026-03-05T11:00:01'].map((t) => view('v', t));
    const sessions = sessionsOf('v', views);
    expect(sessions.map((s) => [s.pageViews, s.totalDuration])).toEqual([
      [2, 30 * 60],
      [1, 0],
    ]);
    expect(sessions[1].firstVisit.getTime() - sessions[0].lastVisit.getTime()).toBeGreaterThan(SESSION_GAP_MS);
  });
});

describe('planSessions', () => {
  it("plans a new visitor's sessions and latest day, and the days they touch", () => {
    const plan = planSessions(
      state({ visitors: ['new'], visits: new Map([['new', [view('new', '2026-03-05T12:01:00'), view('new', '2026-03-05T23:50:00'), view('new', '2026-03-06T00:05:00')]]]) }),
    );
    expect(plan.inserts.map((s) => [s.sessionId, s.pageViews])).toEqual([
      [`new:${at('2026-03-05T12:01:00').getTime() / 1000}`, 1],
      [`new:${at('2026-03-05T23:50:00').getTime() / 1000}`, 2],
    ]);
    expect([plan.updates, plan.deletes]).toEqual([[], []]);
    expect(plan.seen).toEqual([{ visitorId: 'new', lastSeenDay: '2026-03-06' }]);
    // a session belongs to the day of its first view; the latest day is the day of the last one
    expect([...plan.sessionDays]).toEqual(['2026-03-05']);
    expect([...plan.lastSeenDays]).toEqual(['2026-03-06']);
  });

  it('updates a stored session that new views extend and moves the latest day on', () => {
    const old = stored(7, 'back', ['2026-03-04T23:40:00']);
    const plan = planSessions(
      state({
        visitors: ['back'],
        stored: new Map([['back', [old]]]),
        visits: new Map([['back', [view('back', '2026-03-04T23:40:00'), view('back', '2026-03-05T00:10:00')]]]),
        lastSeen: new Map([['back', '2026-03-04']]),
      }),
    );
    expect(plan.inserts).toEqual([]);
    expect(plan.updates.map((u) => [u.id, u.session.pageViews, u.session.totalDuration])).toEqual([[7, 2, 30 * 60]]);
    expect([...plan.sessionDays]).toEqual(['2026-03-04']);
    expect(plan.seen).toEqual([{ visitorId: 'back', lastSeenDay: '2026-03-05' }]);
    expect([...plan.lastSeenDays].sort()).toEqual(['2026-03-04', '2026-03-05']);
  });

  it('replaces two stored sessions that a late view bridges by one, deleting the second', () => {
    const first = stored(1, 'b', ['2026-03-05T12:00:00']);
    const second = stored(2, 'b', ['2026-03-05T12:50:00']);
    const plan = planSessions(
      state({
        visitors: ['b'],
        stored: new Map([['b', [first, second]]]),
        visits: new Map([['b', ['2026-03-05T12:00:00', '2026-03-05T12:25:00', '2026-03-05T12:50:00'].map((t) => view('b', t))]]),
        lastSeen: new Map([['b', '2026-03-05']]),
      }),
    );
    expect(plan.updates.map((u) => [u.id, u.session.pageViews])).toEqual([[1, 3]]);
    expect(plan.deletes).toEqual([2]);
    expect(plan.inserts).toEqual([]);
    expect(plan.seen).toEqual([]); // the latest day did not move
    expect([...plan.lastSeenDays]).toEqual([]);
  });

  it('plans nothing when the stored state already matches the views (a second run)', () => {
    const views = ['2026-03-05T12:05:00', '2026-03-05T12:06:00'];
    const plan = planSessions(
      state({
        visitors: ['same'],
        stored: new Map([['same', [stored(3, 'same', views)]]]),
        visits: new Map([['same', views.map((t) => view('same', t))]]),
        lastSeen: new Map([['same', '2026-03-05']]),
      }),
    );
    expect(plan).toEqual({ inserts: [], updates: [], deletes: [], seen: [], sessionDays: new Set(), lastSeenDays: new Set() });
  });

  it('ignores views before the reopened session (they belong to sessions that can no longer change)', () => {
    const reopened = stored(4, 'r', ['2026-03-05T11:50:00']);
    const plan = planSessions(
      state({
        visitors: ['r'],
        stored: new Map([['r', [reopened]]]),
        visits: new Map([['r', [view('r', '2026-03-05T09:00:00'), view('r', '2026-03-05T11:50:00'), view('r', '2026-03-05T12:10:00')]]]),
        lastSeen: new Map([['r', '2026-03-05']]),
      }),
    );
    expect(plan.inserts).toEqual([]);
    expect(plan.updates.map((u) => [u.id, u.session.pageViews])).toEqual([[4, 2]]);
  });
});

describe('readFrom', () => {
  it('reads from the earliest reopened session, or from the run start', () => {
    const from = at('2026-03-05T12:00:00');
    const early = stored(5, 'e', ['2026-03-05T11:40:00']);
    expect(readFrom(new Map([['e', [early]]]), ['e', 'other'], from)).toEqual(early.firstVisit);
    expect(readFrom(new Map(), ['other'], from)).toEqual(from);
    expect(from.getTime() - early.firstVisit.getTime()).toBe(20 * MINUTE);
  });
});
