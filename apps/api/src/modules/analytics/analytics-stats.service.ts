import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsDay, AnalyticsPeriod, AnalyticsStats, AnalyticsTopListing, AnalyticsTopPage, ListingStatus, PERIOD_DAYS } from '@app/shared';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { addDays, dayOf, daysBetween } from './analytics-time';

const TOP_COUNT = 10;

interface DailyRow {
  day: string;
  pageViews: number | string;
  uniqueVisitors: number | string;
  sessions: number | string;
  totalDuration: number | string;
  lastSeenVisitors: number | string;
}

/**
 * Site statistics from the daily roll-ups only: one row per day of the period (at most 90) for the
 * totals and the series, and each day's top pages and listings for the top lists. Raw page visits are
 * never read here.
 */
@Injectable()
export class AnalyticsStatsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollup: AnalyticsRollupService,
  ) {}

  async stats(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsStats> {
    const to = dayOf(now);
    const from = addDays(to, -(PERIOD_DAYS[period] - 1));
    const [rows, topPages, topListings, asOf] = await Promise.all([
      this.dataSource.query(
        'SELECT day, pageViews, uniqueVisitors, sessions, totalDuration, lastSeenVisitors FROM analytics_daily WHERE day >= ? AND day <= ? ORDER BY day',
        [from, to],
      ) as Promise<DailyRow[]>,
      this.topPages(from, to),
      this.topListings(from, to),
      this.rollup.watermark(),
    ]);

    const byDay = new Map(rows.map((r) => [r.day, r]));
    let totalPageViews = 0;
    let sessions = 0;
    let totalDuration = 0;
    let uniqueVisitors = 0;
    const series: AnalyticsDay[] = daysBetween(from, to).map((date) => {
      const r = byDay.get(date);
      const day = {
        pageViews: Number(r?.pageViews ?? 0),
        uniqueVisitors: Number(r?.uniqueVisitors ?? 0),
        sessions: Number(r?.sessions ?? 0),
        totalDuration: Number(r?.totalDuration ?? 0),
      };
      totalPageViews += day.pageViews;
      sessions += day.sessions;
      totalDuration += day.totalDuration;
      // A visitor seen in the period has their latest view in it: summing each day's visitors whose
      // latest view fell on it counts every visitor of the period exactly once.
      uniqueVisitors += Number(r?.lastSeenVisitors ?? 0);
      return {
        date,
        pageViews: day.pageViews,
        uniqueVisitors: day.uniqueVisitors,
        sessions: day.sessions,
        averageDuration: average(day.totalDuration, day.sessions),
      };
    });

    return {
      period,
      from,
      to,
      uniqueVisitors,
      totalPageViews,
      averageDuration: average(totalDuration, sessions),
      sessions,
      asOf: asOf ? asOf.toISOString() : null,
      series,
      topPages,
      topListings,
    };
  }

  private async topPages(from: string, to: string): Promise<AnalyticsTopPage[]> {
    const rows = (await this.dataSource.query(
      `SELECT page, SUM(views) AS views FROM analytics_daily_pages WHERE day >= ? AND day <= ?
       GROUP BY page ORDER BY views DESC, page LIMIT ${TOP_COUNT}`,
      [from, to],
    )) as { page: string; views: number | string }[];
    return rows.map((r) => ({ page: r.page, views: Number(r.views) }));
  }

  private async topListings(from: string, to: string): Promise<AnalyticsTopListing[]> {
    const rows = (await this.dataSource.query(
      `SELECT l.vehicleId AS vehicleId, SUM(l.views) AS views, v.year AS year, v.make AS make, v.model AS model, v.status AS status
       FROM analytics_daily_listings l INNER JOIN vehicles v ON v.id = l.vehicleId
       WHERE l.day >= ? AND l.day <= ?
       GROUP BY l.vehicleId, v.year, v.make, v.model, v.status ORDER BY views DESC, l.vehicleId LIMIT ${TOP_COUNT}`,
      [from, to],
    )) as { vehicleId: number | string; views: number | string; year: number | string; make: string; model: string; status: ListingStatus }[];
    return rows.map((r) => ({
      vehicleId: Number(r.vehicleId),
      year: Number(r.year),
      make: r.make,
      model: r.model,
      status: r.status,
      views: Number(r.views),
    }));
  }
}

function average(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}
