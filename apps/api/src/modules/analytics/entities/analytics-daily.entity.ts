import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * One UTC day of site traffic, rolled up from page_visits and visitor_sessions, so that a stats call
 * reads one row per day instead of raw visits. Kept after the raw visits are purged (no personal data).
 */
@Entity({ name: 'analytics_daily' })
export class AnalyticsDailyEntity {
  /** YYYY-MM-DD (UTC). */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @Column({ type: 'int', default: 0 })
  pageViews: number;

  /** Distinct visitors with a page view that day. */
  @Column({ type: 'int', default: 0 })
  uniqueVisitors: number;

  /** Visits (visitor sessions) started that day. */
  @Column({ type: 'int', default: 0 })
  sessions: number;

  /** Seconds, summed over the visits started that day. */
  @Column({ type: 'int', default: 0 })
  totalDuration: number;

  /**
   * Visitors whose latest page view falls on this day. Summed over the days from D to today it gives
   * the distinct visitors since D exactly (a visitor seen since D has their latest view since D).
   */
  @Column({ type: 'int', default: 0 })
  lastSeenVisitors: number;
}

/** Page views per page and day: each day keeps its most viewed pages (see ANALYTICS_TOP_PER_DAY). */
@Entity({ name: 'analytics_daily_pages' })
export class AnalyticsDailyPageEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'varchar', length: 512 })
  page: string;

  @Column({ type: 'int' })
  views: number;
}

/** Detail-page views per listing and day (pages /vehicles/{id} and /vehicle/{id}). */
@Entity({ name: 'analytics_daily_listings' })
@Index('IDX_analytics_daily_listings_vehicle', ['vehicleId'])
export class AnalyticsDailyListingEntity {
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @PrimaryColumn({ type: 'int' })
  vehicleId: number;

  @Column({ type: 'int' })
  views: number;
}

/** Each visitor's latest day with a page view (feeds analytics_daily.lastSeenVisitors). */
@Entity({ name: 'analytics_visitors' })
@Index('IDX_analytics_visitors_last_seen', ['lastSeenDay'])
export class AnalyticsVisitorEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  visitorId: string;

  @Column({ type: 'varchar', length: 10 })
  lastSeenDay: string;
}

/** Progress of the roll-up: page visits before `watermark` have been rolled up. */
@Entity({ name: 'analytics_rollup_state' })
export class AnalyticsRollupStateEntity {
  @PrimaryColumn({ type: 'varchar', length: 40 })
  name: string;

  @Column({ type: 'datetime' })
  watermark: Date;
}

/**
 * Each period's top pages and listings (position 1 to 10), recomputed by every roll-up from the daily
 * tables, so a stats call reads ten rows per list. `toDay` is the last day of the period they cover.
 */
@Entity({ name: 'analytics_top' })
export class AnalyticsTopEntity {
  /** '7d', '30d' or '90d'. */
  @PrimaryColumn({ type: 'varchar', length: 3 })
  period: string;

  /** 'page' or 'listing'. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  kind: string;

  @PrimaryColumn({ type: 'int' })
  position: number;

  /** The page path, or the listing id. */
  @Column({ type: 'varchar', length: 512 })
  item: string;

  @Column({ type: 'int' })
  views: number;

  @Column({ type: 'varchar', length: 10 })
  toDay: string;
}
