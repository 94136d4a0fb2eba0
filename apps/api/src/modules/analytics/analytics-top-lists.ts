import type { AnalyticsTopPage } from '@app/shared';

/** Anything that runs SQL: the DataSource or a transaction's EntityManager. */
export interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

export const TOP_COUNT = 10;

/** The most viewed pages of the days from `from` to `to`, summed from each day's top pages. */
export async function topPages(db: Queryable, from: string, to: string): Promise<AnalyticsTopPage[]> {
  const rows = (await db.query(
    `SELECT page, SUM(views) AS views FROM analytics_daily_pages WHERE day >= ? AND day <= ?
     GROUP BY page ORDER BY views DESC, page LIMIT ${TOP_COUNT}`,
    [from, to],
  )) as { page: string; views: number | string }[];
  return rows.map((r) => ({ page: r.page, views: Number(r.views) }));
}

/**
 * The most viewed listings of the days from `from` to `to`. Only listings on record have daily counts: the
 * roll-up counts those only, and a deleted listing's counts leave with it.
 */
export async function topListingViews(db: Queryable, from: string, to: string): Promise<{ vehicleId: number; views: number }[]> {
  const rows = (await db.query(
    `SELECT vehicleId, SUM(views) AS views FROM analytics_daily_listings WHERE day >= ? AND day <= ?
     GROUP BY vehicleId ORDER BY views DESC, vehicleId LIMIT ${TOP_COUNT}`,
    [from, to],
  )) as { vehicleId: number | string; views: number | string }[];
  return rows.map((r) => ({ vehicleId: Number(r.vehicleId), views: Number(r.views) }));
}
