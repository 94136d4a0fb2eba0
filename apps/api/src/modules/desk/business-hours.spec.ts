import { parseBusinessHours } from '../../infra/config/config.schema';
import { addBusinessMinutes } from './business-hours';

const weekdays = parseBusinessHours('1-5 09:00-18:00')!;
const at = (iso: string) => new Date(iso);

describe('addBusinessMinutes', () => {
  it('adds minutes inside the same business day', () => {
    expect(addBusinessMinutes(at('2026-11-25T10:00:00Z'), 60, weekdays).toISOString()).toBe('2026-11-25T11:00:00.000Z');
  });

  it('starts counting at opening time for a lead that arrives before it', () => {
    expect(addBusinessMinutes(at('2026-11-25T06:30:00Z'), 30, weekdays).toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });

  it('carries what is left of the day over to the next opening', () => {
    expect(addBusinessMinutes(at('2026-11-25T17:30:00Z'), 60, weekdays).toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });

  it('skips the weekend (Friday evening to Monday morning)', () => {
    expect(addBusinessMinutes(at('2026-11-27T17:45:00Z'), 60, weekdays).toISOString()).toBe('2026-11-30T09:45:00.000Z');
    expect(addBusinessMinutes(at('2026-11-28T12:00:00Z'), 15, weekdays).toISOString()).toBe('2026-11-30T09:15:00.000Z');
  });

  it('counts around the clock with 1-7 00:00-24:00', () => {
    const always = parseBusinessHours('1-7 00:00-24:00')!;
    expect(addBusinessMinutes(at('2026-11-28T23:30:00Z'), 60, always).toISOString()).toBe('2026-11-29T00:30:00.000Z');
  });

  it('refuses malformed or empty business hours', () => {
    expect(parseBusinessHours('mon-fri 9-18')).toBeNull();
    expect(parseBusinessHours('1-5 18:00-09:00')).toBeNull();
    expect(parseBusinessHours('5-1 09:00-18:00')).toBeNull();
  });
});
