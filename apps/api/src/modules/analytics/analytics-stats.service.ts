import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalyticsDay, AnalyticsPeriod, AnalyticsStats, AnalyticsTopListing, AnalyticsTopPage, PERIOD_DAYS } from '@app/shared';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { addDays, dayOf, daysBetween } from './analytics-time';
import { ListingReader } from '../vehicles';
import { topListingViews, topPages } from './analytics-top-lists';
import { AnalyticsTopEntity } from './entities/analytics-daily.entity';

interface DailyRow {
  day: string;
  pageViews: number | string;
  uniqueVisitors: number | string;
  sessions: number | string;
  totalDuration: number | string;
  lastSeenVisitors: number | string;
}

/**
 * Site statistics from the roll-ups only: one row per day of the period (at most 90) for the totals and
 * the series, and the period's top lists as the last roll-up left them (ten rows each). Raw page visits
 * are never read here.
 */
@Injectable()
export class AnalyticsStatsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly rollup: AnalyticsRollupService,
    private readonly listings: ListingReader,
  ) {}

  async stats(period: AnalyticsPeriod, now = new Date()): Promise<AnalyticsStats> {
    const to = dayOf(now);
    const from = addDays(to, -(PERIOD_DAYS[period] - 1));
    const [rows, tops, asOf] = await Promise.all([
      this.dataSource.query(
        'SELECT day, pageViews, uniqueVisitors, sessions, totalDuration, lastSeenVisitors FROM analytics_daily WHERE day >= ? AND day <= ? ORDER BY day',
        [from, to],
      ) as Promise<DailyRow[]>,
      this.topLists(period, from, to),
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
      topPages: tops.pages,
      topListings: tops.listings,
    };
  }

  /** The roll-up's top lists when they cover this very period; computed from the daily tables otherwise. */
  private async topLists(period: AnalyticsPeriod, from: string, to: string): Promise<{ pages: AnalyticsTopPage[]; listings: AnalyticsTopListing[] }> {
    const stored = await this.dataSource.getRepository(AnalyticsTopEntity).find({ where: { period }, order: { kind: 'ASC', position: 'ASC' } });
    if (stored.length > 0 && stored.every((r) => r.toDay === to)) {
      const pages = stored.filter((r) => r.kind === 'page').map((r) => ({ page: r.item, views: r.views }));
      const listings = stored.filter((r) => r.kind === 'listing').map((r) => ({ vehicleId: Number(r.item), views: r.views }));
      return { pages, listings: await this.withListingDetails(listings) };
    }
    const [pages, listings] = await Promise.all([topPages(this.dataSource, from, to), topListingViews(this.dataSource, from, to)]);
    return { pages, listings: await this.withListingDetails(listings) };
  }

  /** Adds each listing's title and status (as they are now), in the given order; deleted ones drop out. */
  private async withListingDetails(tops: { vehicleId: number; views: number }[]): Promise<AnalyticsTopListing[]> {
    const listings = await this.listings.summaries(tops.map((t) => t.vehicleId));
    return tops.flatMap(({ vehicleId, views }) => {
      const v = listings.get(vehicleId);
      return v ? [{ vehicleId, year: v.year, make: v.make, model: v.model, status: v.status, views }] : [];
    });
  }
}

function average(total: number, count: number): number {
  return count > 0 ? Math.round(total / count) : 0;
}
