import { formatCount, formatDistance, formatMileage, formatPrice } from './format';
import { formatDate, formatShortDate } from '../vehicles/listing-display';

describe('number formats', () => {
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });
  const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

  it('writes what Intl writes for en-US, without creating a formatter', () => {
    const samples = [0, 0.4, 0.5, 1, 12.5, 999, 999.5, 1000, 4322, 45999.5, 89900, 1234567.49, 99_999_999, -5, -1234.6, 1e15];
    for (let i = 1; i < 2000; i++) samples.push(((i * 7919) % 1_000_003) * 10 ** ((i % 6) - 2) * (i % 10 === 5 ? -1 : 1));
    for (const n of samples) {
      expect(formatPrice(n)).toBe(usd.format(n));
      expect(formatCount(n)).toBe(grouped.format(n));
    }
  });

  it('never writes a negative zero', () => {
    expect(formatPrice(-0.4)).toBe('$0');
    expect(formatCount(-0.2)).toBe('0');
  });

  it('writes miles and distances', () => {
    expect(formatMileage(28500)).toBe('28,500 mi');
    expect(formatDistance(0.4)).toBe('Under 1 mi away');
    expect(formatDistance(1203.6)).toBe('1,204 mi away');
  });
});

describe('dates', () => {
  it('writes what Intl writes for en-US in UTC', () => {
    const short = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
    const long = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let t = -2e12; t < 4e12; t += 7.3e9) {
      const at = new Date(t);
      expect(formatShortDate(at)).toBe(short.format(at));
      expect(formatDate(at.toISOString())).toBe(long.format(at));
    }
  });

  it('refuses a date that is not one, as Intl does', () => {
    expect(() => formatDate('not a date')).toThrow(RangeError);
  });
});
