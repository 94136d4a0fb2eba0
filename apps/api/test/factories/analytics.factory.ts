import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SchedulerRegistry } from '@nestjs/schedule';
import { PageVisitWriter, type PageVisitRow } from '../../src/modules/analytics/page-visit-writer.service';

export const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
export const MINUTE = 60 * 1000;
export const DAY = 24 * 60 * MINUTE;

/** One crafted page view. */
export function view(visitorId: string, at: Date | string, page = '/'): PageVisitRow {
  return { visitorId, userId: null, ipAddress: '203.0.113.0', userAgent: BROWSER_UA, page, timestamp: new Date(at) };
}

export function insertViews(app: NestFastifyApplication, rows: PageVisitRow[]): Promise<void> {
  return app.get(PageVisitWriter).insert(rows);
}

/** Today's UTC midnight plus `days` days (negative: the past), at hh:mm. */
export function utcDay(days: number, time = '00:00'): Date {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const [h, m] = time.split(':').map(Number);
  return new Date(midnight + days * DAY + (h * 60 + m) * MINUTE);
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Tests drive the roll-up themselves: the scheduled runs are stopped so they cannot interleave. */
export function stopScheduledJobs(app: NestFastifyApplication): void {
  const scheduler = app.get(SchedulerRegistry);
  for (const job of scheduler.getCronJobs().values()) void job.stop();
  for (const name of scheduler.getIntervals()) scheduler.deleteInterval(name);
}
