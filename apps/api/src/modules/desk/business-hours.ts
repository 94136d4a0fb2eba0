import type { BusinessHours } from '../../infra/config/config.schema';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** ISO weekday of a UTC date: 1 = Monday … 7 = Sunday. */
const isoDay = (date: Date) => ((date.getUTCDay() + 6) % 7) + 1;

/**
 * The moment `minutes` business minutes after `start` (business hours in UTC): time outside the hours does not
 * count, so a lead that arrives on Saturday night is due `minutes` after Monday's opening.
 */
export function addBusinessMinutes(start: Date, minutes: number, hours: BusinessHours): Date {
  let left = minutes;
  let cursor = start.getTime();
  for (let guard = 0; guard < 3700; guard += 1) {
    const day = new Date(cursor);
    const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    const weekday = isoDay(day);
    if (weekday >= hours.firstDay && weekday <= hours.lastDay) {
      const open = midnight + hours.startMinute * MINUTE_MS;
      const close = midnight + hours.endMinute * MINUTE_MS;
      const from = Math.max(cursor, open);
      if (from < close) {
        const available = (close - from) / MINUTE_MS;
        if (available >= left) return new Date(from + left * MINUTE_MS);
        left -= available;
      }
    }
    cursor = midnight + DAY_MS;
  }
  throw new Error('business hours never open');
}
