import type { ListingStatus } from '../vehicles/vocabularies';
import type { AnalyticsPeriod } from './analytics.dto';

/** One UTC day of the series. A visit (session) belongs to the day it started. */
export interface AnalyticsDay {
  /** YYYY-MM-DD (UTC). */
  date: string;
  pageViews: number;
  /** Distinct visitors with a page view that day. */
  uniqueVisitors: number;
  /** Visits started that day. */
  sessions: number;
  /** Mean visit length in whole seconds (first to last page view), 0 without visits. */
  averageDuration: number;
}

export interface AnalyticsTopPage {
  page: string;
  views: number;
}

export interface AnalyticsTopListing {
  vehicleId: number;
  year: number;
  make: string;
  model: string;
  status: ListingStatus;
  views: number;
}

/** `GET /api/analytics/stats`: the period's totals (SPEC.md section 3) plus what the charts need. */
export interface AnalyticsStats {
  period: AnalyticsPeriod;
  /** First and last day of the period (UTC, today included). */
  from: string;
  to: string;
  /** Distinct visitors over the whole period (a returning visitor counts once). */
  uniqueVisitors: number;
  totalPageViews: number;
  /** Mean visit length in whole seconds over the visits started in the period. */
  averageDuration: number;
  sessions: number;
  /** Page views recorded up to this instant are included (the roll-up runs every few minutes); null before the first roll-up. */
  asOf: string | null;
  /** One entry per day of the period, oldest first, days without traffic as zeros. */
  series: AnalyticsDay[];
  /** Up to 10, most viewed first. */
  topPages: AnalyticsTopPage[];
  /** Up to 10 listings still on record, most viewed detail pages first. */
  topListings: AnalyticsTopListing[];
}

/** 'Pages per Visitor': page views divided by unique visitors, one decimal, '0.0' without visitors. */
export function pagesPerVisitor(pageViews: number, uniqueVisitors: number): string {
  return uniqueVisitors > 0 ? (pageViews / uniqueVisitors).toFixed(1) : '0.0';
}

/** 'Xm Ys': whole minutes and rounded seconds. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}
