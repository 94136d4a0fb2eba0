import { formatDate, formatPrice, formatShortDate, type PricePoint } from '@app/shared';

const W = 600;
const H = 180;
const PAD = { top: 16, right: 16, bottom: 28, left: 16 };
const DAY = 86_400_000;

/** The start of a UTC day: the chart's right edge is today, the same on the server and in the browser. */
const utcDay = (at: number) => Math.floor(at / DAY) * DAY;

export interface PriceChartProps {
  points: readonly PricePoint[];
  /** Where the line ends: when it sold, else today. */
  until: string | null;
  /** Now (ms), for tests. */
  now?: number;
}

/**
 * The listing's price over time as a light inline SVG step line (no chart library): each price holds
 * from its date to the next, the last to today (or the sale). Described in words for screen readers.
 */
export function PriceChart({ points, until, now = Date.now() }: PriceChartProps) {
  if (points.length === 0) return null;
  const times = points.map((p) => new Date(p.at).getTime());
  const start = utcDay(times[0]!);
  const end = Math.max(utcDay(until ? new Date(until).getTime() : now) + DAY, utcDay(times[times.length - 1]!) + DAY);
  const prices = points.map((p) => p.price);
  const low = Math.min(...prices);
  const high = Math.max(...prices);
  const span = high - low || high * 0.1 || 1;
  const lo = low - span * 0.35;
  const hi = high + span * 0.35;
  const x = (t: number) => PAD.left + ((t - start) / (end - start)) * (W - PAD.left - PAD.right);
  const y = (price: number) => PAD.top + (1 - (price - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  let path = `M ${x(times[0]!).toFixed(1)} ${y(prices[0]!).toFixed(1)}`;
  for (let i = 1; i < points.length; i++) path += ` H ${x(times[i]!).toFixed(1)} V ${y(prices[i]!).toFixed(1)}`;
  path += ` H ${x(end).toFixed(1)}`;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const change = last.price - first.price;
  const summary =
    points.length === 1
      ? `Listed at ${formatPrice(first.price)} on ${formatDate(first.at)}; the price has not changed since.`
      : `Listed at ${formatPrice(first.price)} on ${formatDate(first.at)}; ${points.length - 1} price change${points.length === 2 ? '' : 's'} since, now ${formatPrice(last.price)} (${change < 0 ? '−' : '+'}${formatPrice(Math.abs(change))}).`;
  return (
    <figure className="price-chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={summary} preserveAspectRatio="none" className="price-chart-svg">
        <line x1={PAD.left} x2={W - PAD.right} y1={H - PAD.bottom} y2={H - PAD.bottom} className="price-chart-axis" />
        <path d={path} className="price-chart-line" fill="none" vectorEffect="non-scaling-stroke" />
        {points.map((p, i) => (
          <circle key={`${p.at}-${i}`} cx={x(times[i]!)} cy={y(p.price)} r={4} className={i === 0 ? 'price-chart-dot' : p.price < prices[i - 1]! ? 'price-chart-dot is-down' : 'price-chart-dot is-up'} vectorEffect="non-scaling-stroke" />
        ))}
      </svg>
      <div className="price-chart-scale" aria-hidden="true">
        <span>{formatShortDate(first.at)}</span>
        <span>{until ? `Sold ${formatShortDate(until)}` : 'Today'}</span>
      </div>
      <figcaption className="price-chart-caption">{summary}</figcaption>
    </figure>
  );
}
