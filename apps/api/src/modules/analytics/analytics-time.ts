/**
 * Time helpers of the analytics roll-ups. Every day is a UTC calendar day ('YYYY-MM-DD'); timestamps go
 * to SQL as 'YYYY-MM-DD HH:MM:SS' (UTC) text, which both engines compare correctly with stored values
 * (SQLite stores text, MariaDB's connection runs in UTC), and come back as text (SQLite) or Date (mysql2).
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function toSqlDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function fromSqlDateTime(value: string | Date): Date {
  if (value instanceof Date) return value;
  return new Date(`${value.replace(' ', 'T')}${/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? '' : 'Z'}`);
}

/** The UTC day of an instant. */
export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00.000Z`);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(dayStart(day).getTime() + days * DAY_MS));
}

/** Every day from `first` to `last`, both included. */
export function daysBetween(first: string, last: string): string[] {
  const days: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) days.push(d);
  return days;
}

/** Whole seconds: both engines then store exactly what the roll-up compares. */
export function floorToSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}
