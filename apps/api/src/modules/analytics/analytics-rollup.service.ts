import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { ListingReader, ListingWriter } from '../vehicles';
import {
  AnalyticsDailyEntity,
  AnalyticsDailyListingEntity,
  AnalyticsDailyPageEntity,
  AnalyticsRollupStateEntity,
  AnalyticsTopEntity,
  AnalyticsVisitorEntity,
} from './entities/analytics-daily.entity';
import { VisitorSessionEntity } from './entities/visitor-session.entity';
import { ANALYTICS_PERIODS, PERIOD_DAYS } from '@app/shared';
import { addDays, dayOf, dayStart, daysBetween, floorToSecond, fromSqlDateTime, toSqlDateTime } from './analytics-time';
import { topListingViews, topPages } from './analytics-top-lists';
import {
  SESSION_GAP_MS,
  isEmptyPlan,
  planSessions,
  readFrom,
  type SessionPlan,
  type StoredSession,
  type VisitorsState,
  type VisitRow,
} from './session-plan';

/** Views younger than this may still sit in an instance's buffer or an open transaction: left for the next run. */
export const SETTLE_MS = 15 * 1000;
/** Each run re-reads this much before its watermark, so views written a little late are still counted. */
export const REPROCESS_MS = 10 * 60 * 1000;
/** Each day keeps its most viewed pages and listings (the period's top 10 are summed from these). */
export const TOP_PER_DAY = 100;
/** The longest stats period: each visitor's latest day is kept at least this long. */
const LONGEST_PERIOD_DAYS = 90;
const SLICE_MS = 24 * 60 * 60 * 1000;
const VISITOR_CHUNK = 1000;
const PURGE_CHUNK = 5000;
const STATE = 'page-visits';
/** `/vehicles/{id}` and the older `/vehicle/{id}` are listing detail pages. */
const LISTING_PAGE = /^\/vehicles?\/(\d{1,10})\/?$/;

export interface RollupResult {
  /** Page visits read (the re-read tail included). */
  visitsRead: number;
  sessionsInserted: number;
  sessionsUpdated: number;
  sessionsDeleted: number;
  /** Days whose aggregates were recomputed. */
  days: number;
  watermark: Date | null;
}

export interface PurgeResult {
  pageVisits: number;
  visitorSessions: number;
  visitors: number;
}

/**
 * Rolls page_visits up into visitor sessions and daily aggregates, incrementally from a watermark and
 * idempotently: sessions are a pure function of each visitor's views, so a run recomputes the sessions
 * its new views can touch and writes only the differences, and each touched day's aggregates are
 * recomputed from their sources. A second run over the same data changes nothing.
 *
 * A session belongs to the day of its first view (one that runs past midnight counts for the day it
 * started); page views and unique visitors count on the day each view happened. Days are UTC.
 */
@Injectable()
export class AnalyticsRollupService implements OnModuleInit {
  private readonly logger = new Logger(AnalyticsRollupService.name);
  /** Runs of this process one after the other (the job lock keeps other instances out). */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly listings: ListingReader,
    private readonly writer: ListingWriter,
  ) {}

  /** A deleted listing leaves the daily listing counts with it (in its transaction), so top lists never name it. */
  onModuleInit(): void {
    this.writer.onListingChanged(async ({ manager, kind, before }) => {
      if (kind === 'delete' && before) await manager.delete(AnalyticsDailyListingEntity, { vehicleId: before.id });
    });
  }

  /** Rolls up every view older than `now` minus a few seconds. */
  rollup(now = new Date()): Promise<RollupResult> {
    return this.serial(() => this.rollupUntil(floorToSecond(new Date(now.getTime() - SETTLE_MS))));
  }

  /** Deletes raw views (and the sessions built from them) past ANALYTICS_RETENTION_DAYS. */
  purge(now = new Date()): Promise<PurgeResult> {
    return this.serial(() => this.purgeBefore(now));
  }

  async watermark(): Promise<Date | null> {
    const state = await this.dataSource.getRepository(AnalyticsRollupStateEntity).findOneBy({ name: STATE });
    return state ? fromSqlDateTime(state.watermark) : null;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async rollupUntil(until: Date): Promise<RollupResult> {
    const result: RollupResult = { visitsRead: 0, sessionsInserted: 0, sessionsUpdated: 0, sessionsDeleted: 0, days: 0, watermark: null };
    const start = (await this.watermark()) ?? (await this.firstVisitTime());
    if (!start) return result;
    let watermark: Date = start;
    // At least one slice per run: a run that comes before the watermark could move (two in one second)
    // still re-reads the last REPROCESS_MS, so views written late are counted whenever a run happens.
    do {
      const sliceEnd: Date = new Date(Math.max(watermark.getTime(), Math.min(until.getTime(), watermark.getTime() + SLICE_MS)));
      await this.rollupSlice(new Date(watermark.getTime() - REPROCESS_MS), sliceEnd, result);
      if (sliceEnd > watermark || !(await this.watermark())) {
        watermark = sliceEnd;
        await this.dataSource
          .createQueryBuilder()
          .insert()
          .into(AnalyticsRollupStateEntity)
          .values({ name: STATE, watermark })
          .orUpdate(['watermark'], ['name'])
          .updateEntity(false)
          .execute();
      }
    } while (watermark < until);
    result.watermark = watermark;
    const today = dayOf(until);
    const tops = await this.dataSource.getRepository(AnalyticsTopEntity).findOneBy({ period: '7d', kind: 'page', position: 1 });
    if (result.days > 0 || (tops && tops.toDay !== today)) await this.refreshTopLists(today);
    return result;
  }

  /** Each period's top pages and listings, from the daily tables (so a stats call reads ten rows per list). */
  private async refreshTopLists(today: string): Promise<void> {
    const rows: AnalyticsTopEntity[] = [];
    for (const period of ANALYTICS_PERIODS) {
      const from = addDays(today, -(PERIOD_DAYS[period] - 1));
      const pages = await topPages(this.dataSource, from, today);
      const listings = await topListingViews(this.dataSource, from, today);
      pages.forEach((p, i) => rows.push({ period, kind: 'page', position: i + 1, item: p.page, views: p.views, toDay: today }));
      listings.forEach((l, i) => rows.push({ period, kind: 'listing', position: i + 1, item: String(l.vehicleId), views: l.views, toDay: today }));
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.createQueryBuilder().delete().from(AnalyticsTopEntity).execute();
      if (rows.length) await manager.createQueryBuilder().insert().into(AnalyticsTopEntity).values(rows).updateEntity(false).execute();
    });
  }

  private async firstVisitTime(): Promise<Date | null> {
    const [row] = (await this.dataSource.query('SELECT MIN(timestamp) AS first FROM page_visits')) as { first: string | Date | null }[];
    return row?.first ? floorToSecond(fromSqlDateTime(row.first)) : null;
  }

  /** Views in [from, until): their visitors' sessions, latest days, and the days' aggregates. */
  private async rollupSlice(from: Date, until: Date, result: RollupResult): Promise<void> {
    const visitorRows = (await this.dataSource.query(
      'SELECT DISTINCT sessionId FROM page_visits WHERE timestamp >= ? AND timestamp < ?',
      [toSqlDateTime(from), toSqlDateTime(until)],
    )) as { sessionId: string }[];
    const sessionDays = new Set<string>();
    const lastSeenDays = new Set<string>();
    for (let i = 0; i < visitorRows.length; i += VISITOR_CHUNK) {
      const visitors = visitorRows.slice(i, i + VISITOR_CHUNK).map((r) => r.sessionId);
      await this.rollupVisitors(visitors, from, until, result, sessionDays, lastSeenDays);
    }
    // Views (and so page counts) changed only on the days of [from, until); sessions and latest days
    // may have moved on the days collected above.
    const viewDays = visitorRows.length > 0 ? daysBetween(dayOf(from), dayOf(new Date(until.getTime() - 1000))) : [];
    await this.recomputeDays(viewDays, [...sessionDays], [...lastSeenDays]);
    result.days += new Set([...viewDays, ...sessionDays, ...lastSeenDays]).size;
  }

  /** One batch of visitors: reads their state, plans the session changes (planSessions), writes the plan. */
  private async rollupVisitors(
    visitors: string[],
    from: Date,
    until: Date,
    result: RollupResult,
    sessionDays: Set<string>,
    lastSeenDays: Set<string>,
  ): Promise<void> {
    const { state, visitsRead } = await this.readVisitors(visitors, from, until);
    result.visitsRead += visitsRead;
    const plan = planSessions(state);
    plan.sessionDays.forEach((day) => sessionDays.add(day));
    plan.lastSeenDays.forEach((day) => lastSeenDays.add(day));
    if (isEmptyPlan(plan)) return;
    await this.writeSessionPlan(plan);
    result.sessionsInserted += plan.inserts.length;
    result.sessionsUpdated += plan.updates.length;
    result.sessionsDeleted += plan.deletes.length;
  }

  /** What planSessions needs about these visitors: reopenable sessions, their views until `until`, latest days. */
  private async readVisitors(visitors: string[], from: Date, until: Date): Promise<{ state: VisitorsState; visitsRead: number }> {
    const marks = visitors.map(() => '?').join(', ');
    // Stored sessions that views from `from` on can extend, bridge or follow within the gap.
    const storedRows = (await this.dataSource.query(
      `SELECT id, sessionId, visitorId, firstVisit, lastVisit, pageViews, totalDuration FROM visitor_sessions
       WHERE visitorId IN (${marks}) AND lastVisit >= ? ORDER BY visitorId, firstVisit`,
      [...visitors, toSqlDateTime(new Date(from.getTime() - SESSION_GAP_MS))],
    )) as (Omit<StoredSession, 'firstVisit' | 'lastVisit'> & { firstVisit: string | Date; lastVisit: string | Date })[];
    const stored = groupBy(
      storedRows.map((row) => ({
        ...row,
        id: Number(row.id),
        pageViews: Number(row.pageViews),
        totalDuration: Number(row.totalDuration),
        firstVisit: fromSqlDateTime(row.firstVisit),
        lastVisit: fromSqlDateTime(row.lastVisit),
      })),
      (session) => session.visitorId,
    );
    const visits = (await this.dataSource.query(
      `SELECT sessionId, timestamp, ipAddress, userAgent FROM page_visits
       WHERE sessionId IN (${marks}) AND timestamp >= ? AND timestamp < ? ORDER BY sessionId, timestamp, id`,
      [...visitors, toSqlDateTime(readFrom(stored, visitors, from)), toSqlDateTime(until)],
    )) as VisitRow[];
    const known = (await this.dataSource.query(`SELECT visitorId, lastSeenDay FROM analytics_visitors WHERE visitorId IN (${marks})`, visitors)) as {
      visitorId: string;
      lastSeenDay: string;
    }[];
    const lastSeen = new Map(known.map((k) => [k.visitorId, k.lastSeenDay]));
    return { state: { visitors, from, stored, visits: groupBy(visits, (visit) => visit.sessionId), lastSeen }, visitsRead: visits.length };
  }

  /** Applies a session plan in one transaction. */
  private async writeSessionPlan(plan: SessionPlan): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      if (plan.deletes.length) await manager.delete(VisitorSessionEntity, plan.deletes);
      for (const { id, session } of plan.updates) {
        await manager.update(VisitorSessionEntity, { id }, { lastVisit: session.lastVisit, pageViews: session.pageViews, totalDuration: session.totalDuration });
      }
      for (let i = 0; i < plan.inserts.length; i += 200) {
        await manager.createQueryBuilder().insert().into(VisitorSessionEntity).values(plan.inserts.slice(i, i + 200)).updateEntity(false).execute();
      }
      if (plan.seen.length) {
        await manager.createQueryBuilder().insert().into(AnalyticsVisitorEntity).values(plan.seen).orUpdate(['lastSeenDay'], ['visitorId']).updateEntity(false).execute();
      }
    });
  }

  /** Recomputes each day's aggregates from their sources (so running it twice changes nothing). */
  private async recomputeDays(viewDays: string[], sessionDays: string[], lastSeenDays: string[]): Promise<void> {
    const rows = new Map<string, Partial<AnalyticsDailyEntity> & { day: string }>();
    const row = (day: string) => rows.get(day) ?? rows.set(day, { day }).get(day)!;
    const range = (day: string) => [toSqlDateTime(dayStart(day)), toSqlDateTime(dayStart(addDays(day, 1)))];
    const pages = new Map<string, { page: string; views: number }[]>();

    for (const day of viewDays) {
      const [counts] = (await this.dataSource.query(
        'SELECT COUNT(DISTINCT sessionId) AS visitors FROM page_visits WHERE timestamp >= ? AND timestamp < ?',
        range(day),
      )) as { visitors: number | string }[];
      const perPage = (
        (await this.dataSource.query('SELECT page, COUNT(*) AS views FROM page_visits WHERE timestamp >= ? AND timestamp < ? GROUP BY page', range(day))) as {
          page: string;
          views: number | string;
        }[]
      ).map((p) => ({ page: p.page, views: Number(p.views) }));
      pages.set(day, perPage);
      Object.assign(row(day), { pageViews: perPage.reduce((sum, p) => sum + p.views, 0), uniqueVisitors: Number(counts.visitors) });
    }
    for (const day of sessionDays) {
      const [counts] = (await this.dataSource.query(
        'SELECT COUNT(*) AS sessions, COALESCE(SUM(totalDuration), 0) AS duration FROM visitor_sessions WHERE firstVisit >= ? AND firstVisit < ?',
        range(day),
      )) as { sessions: number | string; duration: number | string }[];
      Object.assign(row(day), { sessions: Number(counts.sessions), totalDuration: Number(counts.duration) });
    }
    if (lastSeenDays.length) {
      const counted = (await this.dataSource.query(
        `SELECT lastSeenDay, COUNT(*) AS visitors FROM analytics_visitors WHERE lastSeenDay IN (${lastSeenDays.map(() => '?').join(', ')}) GROUP BY lastSeenDay`,
        lastSeenDays,
      )) as { lastSeenDay: string; visitors: number | string }[];
      const byDay = new Map(counted.map((c) => [c.lastSeenDay, Number(c.visitors)]));
      for (const day of lastSeenDays) row(day).lastSeenVisitors = byDay.get(day) ?? 0;
    }
    if (rows.size === 0) return;

    // One multi-row upsert per set of recomputed columns.
    const bySet = new Map<string, (Partial<AnalyticsDailyEntity> & { day: string })[]>();
    for (const values of rows.values()) {
      const set = Object.keys(values).filter((k) => k !== 'day').sort().join(',');
      bySet.set(set, [...(bySet.get(set) ?? []), values]);
    }
    const viewed = [...pages.values()].flatMap((perPage) => perPage.map((p) => listingIdOf(p.page)).filter((id) => id !== null));
    const listingIds = new Set((await this.listings.summaries(viewed)).keys());
    await this.dataSource.transaction(async (manager) => {
      for (const [set, values] of bySet) {
        await manager.createQueryBuilder().insert().into(AnalyticsDailyEntity).values(values).orUpdate(set.split(','), ['day']).updateEntity(false).execute();
      }
      for (const [day, perPage] of pages) await this.replaceTopLists(manager, day, perPage, listingIds);
    });
  }

  /** A day's most viewed pages and listings (`listingIds`: the listings on record, the only ones counted). */
  private async replaceTopLists(manager: EntityManager, day: string, perPage: { page: string; views: number }[], listingIds: ReadonlySet<number>): Promise<void> {
    const byViews = <T extends { views: number }>(a: T, b: T, tie: number) => b.views - a.views || tie;
    const topPages = [...perPage].sort((a, b) => byViews(a, b, a.page < b.page ? -1 : 1)).slice(0, TOP_PER_DAY);
    const listingViews = new Map<number, number>();
    for (const { page, views } of perPage) {
      const id = listingIdOf(page);
      if (id !== null && listingIds.has(id)) listingViews.set(id, (listingViews.get(id) ?? 0) + views);
    }
    const topListings = [...listingViews]
      .map(([vehicleId, views]) => ({ vehicleId, views }))
      .sort((a, b) => byViews(a, b, a.vehicleId - b.vehicleId))
      .slice(0, TOP_PER_DAY);

    await manager.delete(AnalyticsDailyPageEntity, { day });
    await manager.delete(AnalyticsDailyListingEntity, { day });
    if (topPages.length) {
      await manager.createQueryBuilder().insert().into(AnalyticsDailyPageEntity).values(topPages.map((p) => ({ day, ...p }))).updateEntity(false).execute();
    }
    if (topListings.length) {
      await manager
        .createQueryBuilder()
        .insert()
        .into(AnalyticsDailyListingEntity)
        .values(topListings.map((l) => ({ day, ...l })))
        .updateEntity(false)
        .execute();
    }
  }

  private async purgeBefore(now: Date): Promise<PurgeResult> {
    const retention = this.config.analytics.retentionDays;
    const watermark = await this.watermark();
    // Views not rolled up yet are kept whatever their age, so no page view is lost to the purge.
    const safeLimit = watermark ? watermark.getTime() - REPROCESS_MS - SESSION_GAP_MS : -Infinity;
    const cutoff = new Date(Math.min(now.getTime() - retention * 24 * 60 * 60 * 1000, safeLimit));
    const result: PurgeResult = { pageVisits: 0, visitorSessions: 0, visitors: 0 };
    if (!Number.isFinite(cutoff.getTime())) return result;

    result.pageVisits = await this.deleteInChunks('page_visits', 'timestamp < ?', [toSqlDateTime(cutoff)]);
    result.visitorSessions = await this.deleteInChunks('visitor_sessions', 'lastVisit < ?', [toSqlDateTime(cutoff)]);
    // Each visitor's latest day outlives the raw views for the longest period, so that period's unique
    // visitors stay exact; it is only a random id and a date.
    const visitorsBefore = addDays(dayOf(now), -Math.max(retention, LONGEST_PERIOD_DAYS));
    const gone = (await this.dataSource.query('SELECT COUNT(*) AS n FROM analytics_visitors WHERE lastSeenDay < ?', [visitorsBefore])) as { n: number | string }[];
    if (Number(gone[0]?.n ?? 0) > 0) {
      await this.dataSource.query('DELETE FROM analytics_visitors WHERE lastSeenDay < ?', [visitorsBefore]);
      result.visitors = Number(gone[0].n);
    }
    if (result.pageVisits || result.visitorSessions || result.visitors) {
      this.logger.log(`Purged ${result.pageVisits} page view(s), ${result.visitorSessions} visit(s), ${result.visitors} visitor(s)`);
    }
    return result;
  }

  /** Deletes matching rows a few thousand at a time, so no statement holds a long lock. */
  private async deleteInChunks(table: 'page_visits' | 'visitor_sessions', where: string, params: unknown[]): Promise<number> {
    let total = 0;
    for (;;) {
      const ids = ((await this.dataSource.query(`SELECT id FROM ${table} WHERE ${where} LIMIT ${PURGE_CHUNK}`, params)) as { id: number }[]).map((r) =>
        Number(r.id),
      );
      if (ids.length === 0) return total;
      await this.dataSource.query(`DELETE FROM ${table} WHERE id IN (${ids.map(() => '?').join(', ')})`, ids);
      total += ids.length;
    }
  }
}

/** The listing a detail page shows, or null for any other page. */
function listingIdOf(page: string): number | null {
  const match = LISTING_PAGE.exec(page);
  const id = match ? Number(match[1]) : 0;
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The items by key, each group in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) list.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
