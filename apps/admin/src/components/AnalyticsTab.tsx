import { useState } from 'react';
import { Alert, Card, Descriptions, Flex, Segmented, Skeleton, Statistic, Table, Typography } from 'antd';
import {
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  formatDuration,
  pagesPerVisitor,
  vehicleTitle,
  type AnalyticsPeriod,
  type AnalyticsStats,
  type AnalyticsTopListing,
  type AnalyticsTopPage,
  formatCount,
} from '@app/shared';
import { useAnalytics } from '../api/queries';
import { TEXT } from '../lib/texts';
import { DailyChart } from './DailyChart';

const T = TEXT.analytics;

function Totals({ stats, period }: { stats: AnalyticsStats; period: AnalyticsPeriod }) {
  return (
    <>
      <div className="adm-console-grid adm-console-grid-3">
        <Card>
          <Statistic title={T.uniqueVisitors} value={formatCount(stats.uniqueVisitors)} />
        </Card>
        <Card>
          <Statistic title={T.totalPageViews} value={formatCount(stats.totalPageViews)} />
        </Card>
        <Card>
          <Statistic title={T.averageDuration} value={formatDuration(stats.averageDuration)} />
          <Typography.Text type="secondary">{T.perSession}</Typography.Text>
        </Card>
      </div>
      <Card title={T.summary}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'period', label: T.period, children: T.periods[period] },
            { key: 'visitors', label: T.uniqueVisitors, children: formatCount(stats.uniqueVisitors) },
            { key: 'views', label: T.totalPageViews, children: formatCount(stats.totalPageViews) },
            { key: 'time', label: T.averageSessionTime, children: formatDuration(stats.averageDuration) },
            { key: 'ppv', label: T.pagesPerVisitor, children: pagesPerVisitor(stats.totalPageViews, stats.uniqueVisitors) },
          ]}
        />
      </Card>
    </>
  );
}

/** 'Website Analytics': the period switch, the three cards, the summary, the daily chart and the top lists. */
export function AnalyticsTab({ enabled }: { enabled: boolean }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const { data, isPending, isError, isFetching } = useAnalytics(period, enabled);
  // While another period loads, the previous one stays on screen, dimmed.
  const stale = isFetching && data?.period !== period;

  return (
    <section aria-labelledby="adm-analytics-heading" className="adm-console-stack">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} id="adm-analytics-heading" style={{ margin: 0 }}>
          {T.heading}
        </Typography.Title>
        <Segmented<AnalyticsPeriod>
          value={period}
          onChange={setPeriod}
          options={ANALYTICS_PERIODS.map((p) => ({ value: p, label: T.periods[p] }))}
        />
      </Flex>
      {isError && !data ? (
        <Alert type="error" showIcon title={T.failed} />
      ) : isPending || !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <div className="adm-console-stack" style={{ opacity: stale ? 0.6 : 1 }} aria-busy={stale}>
          <Totals stats={data} period={data.period} />
          <Card title="Daily traffic" extra={data.asOf ? <Typography.Text type="secondary">Updated {new Date(data.asOf).toLocaleString('en-US')}</Typography.Text> : null}>
            <DailyChart series={data.series} />
          </Card>
          <div className="adm-console-grid adm-console-grid-2">
            <Card title="Top pages">
                <Table<AnalyticsTopPage>
                  size="small"
                  rowKey="page"
                  pagination={false}
                  dataSource={data.topPages}
                  locale={{ emptyText: 'No page views in this period' }}
                  columns={[
                    { title: 'Page', dataIndex: 'page', key: 'page', ellipsis: true },
                    { title: 'Views', dataIndex: 'views', key: 'views', align: 'right', render: (n: number) => formatCount(n) },
                  ]}
                />
            </Card>
            <Card title="Top listings">
                <Table<AnalyticsTopListing>
                  size="small"
                  rowKey="vehicleId"
                  pagination={false}
                  dataSource={data.topListings}
                  locale={{ emptyText: 'No listing views in this period' }}
                  columns={[
                    { title: 'Listing', key: 'listing', ellipsis: true, render: (_, l) => <a href={`/vehicles/${l.vehicleId}`}>{vehicleTitle(l)}</a> },
                    { title: 'Views', dataIndex: 'views', key: 'views', align: 'right', render: (n: number) => formatCount(n) },
                  ]}
                />
            </Card>
          </div>
        </div>
      )}
    </section>
  );
}
