import { Flex, Typography } from 'antd';
import { formatCount, type AnalyticsDay } from '@app/shared';

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 44 };
const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A round axis maximum (1, 2, 5 × 10^n) at or above the data's maximum. */
export function niceMax(value: number): number {
  if (value <= 0) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/**
 * Daily page views (bars) and unique visitors (line) as a small SVG: no chart library for one chart.
 * Scales with its container; each bar carries a tooltip with the day's numbers.
 */
export function DailyChart({ series }: { series: AnalyticsDay[] }) {
  const max = niceMax(Math.max(0, ...series.map((d) => Math.max(d.pageViews, d.uniqueVisitors))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, series.length);
  const barW = Math.max(1, slot * 0.7);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const x = (i: number) => PAD.left + slot * i + slot / 2;
  const labelEvery = Math.ceil(series.length / 7);
  const line = series.map((d, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(d.uniqueVisitors).toFixed(1)}`).join(' ');
  // Whole numbers only: halfway is a tick only when it is one.
  const ticks = max % 2 === 0 ? [0, max / 2, max] : [0, max];

  return (
    <Flex vertical gap={8}>
      <svg className="adm-console-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`Daily page views and unique visitors, ${series.length} days`}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="#f0f0f0" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="#8c8c8c">
              {formatCount(t)}
            </text>
          </g>
        ))}
        {series.map((d, i) => (
          <g key={d.date}>
            <rect x={x(i) - barW / 2} y={y(d.pageViews)} width={barW} height={Math.max(0, PAD.top + plotH - y(d.pageViews))} fill="#1677ff" opacity={0.8} rx={Math.min(3, barW / 4)}>
              <title>{`${dayLabel.format(new Date(`${d.date}T00:00:00Z`))}: ${formatCount(d.pageViews)} page views, ${formatCount(d.uniqueVisitors)} unique visitors`}</title>
            </rect>
            {i % labelEvery === 0 && (
              <text x={x(i)} y={HEIGHT - 8} textAnchor="middle" fontSize="11" fill="#8c8c8c">
                {dayLabel.format(new Date(`${d.date}T00:00:00Z`))}
              </text>
            )}
          </g>
        ))}
        {series.length > 1 && <path d={line} fill="none" stroke="#fa8c16" strokeWidth={2} />}
      </svg>
      <Flex gap={16} justify="center">
        <Typography.Text type="secondary">
          <span className="adm-console-legend" style={{ background: '#1677ff' }} /> Page views
        </Typography.Text>
        <Typography.Text type="secondary">
          <span className="adm-console-legend" style={{ background: '#fa8c16' }} /> Unique visitors
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
