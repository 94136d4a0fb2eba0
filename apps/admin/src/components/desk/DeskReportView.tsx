import { useState } from 'react';
import { Card, Flex, Segmented, Statistic, Table, Typography, type TableColumnsType } from 'antd';
import { formatPrice, type DeskReport } from '@app/shared';
import { useDeskReport } from '../../api/queries';
import { TableSkeleton } from '../TableSkeleton';
import { KeyboardScroll, sidewaysScroll } from '../table-scroll';

type Associate = DeskReport['perAssociate'][number];
const minutes = (m: number | null) => (m === null ? '–' : m < 120 ? `${m} min` : `${(m / 60).toFixed(1)} h`);

/** The desk's figures: leads per day, first response p50/p90, conversion, fees per month, each associate's figures. */
export function DeskReportView({ enabled }: { enabled: boolean }) {
  const [days, setDays] = useState(30);
  const report = useDeskReport(days, enabled);
  const r = report.data;
  if (report.isPending) return <TableSkeleton />;
  if (!r) return <Typography.Paragraph>The report could not be loaded.</Typography.Paragraph>;
  const maxDay = Math.max(1, ...r.leadsPerDay.map((d) => d.count));
  const associateColumns: TableColumnsType<Associate> = [
    { title: 'Associate', dataIndex: 'name', key: 'name' },
    { title: 'Leads', dataIndex: 'leads', key: 'leads', align: 'right' },
    { title: 'Open', dataIndex: 'open', key: 'open', align: 'right' },
    { title: 'Sold', dataIndex: 'sold', key: 'sold', align: 'right' },
    { title: 'First response (p50)', dataIndex: 'firstResponseP50', key: 'p50', align: 'right', render: minutes },
    { title: 'Fees', dataIndex: 'fees', key: 'fees', align: 'right', render: (v: number) => formatPrice(v) },
  ];
  return (
    <Flex vertical gap={16}>
      <Segmented<number>
        value={days}
        onChange={setDays}
        options={[
          { value: 7, label: '7 days' },
          { value: 30, label: '30 days' },
          { value: 90, label: '90 days' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      <div className="adm-console-grid adm-console-grid-4">
        <Card size="small">
          <Statistic title="Leads" value={r.conversion.leads} />
        </Card>
        <Card size="small">
          <Statistic title="Lead to sale" value={r.conversion.rate === null ? '–' : `${Math.round(r.conversion.rate * 100)} %`} />
        </Card>
        <Card size="small">
          <Statistic title="First response p50" value={minutes(r.firstResponseMinutes.p50)} />
        </Card>
        <Card size="small">
          <Statistic title="First response p90" value={minutes(r.firstResponseMinutes.p90)} />
        </Card>
      </div>
      <Card size="small" title="Leads per day">
        <ol className="adm-desk-bars" aria-label="Leads per day">
          {r.leadsPerDay.map((d) => (
            <li key={d.day} title={`${d.day}: ${d.count}`}>
              <span className="adm-desk-bar" style={{ height: `${(d.count / maxDay) * 100}%` }} />
              <span className="adm-desk-sr">
                {d.day}: {d.count}
              </span>
            </li>
          ))}
        </ol>
      </Card>
      <div className="adm-console-grid adm-console-grid-2">
        <Card size="small" title="Success fees per month">
          <KeyboardScroll label="Fees per month">
            <Table
              size="small"
              rowKey="month"
              pagination={false}
              dataSource={r.feesPerMonth.filter((m) => m.amount > 0)}
              locale={{ emptyText: 'No fees in the last 12 months' }}
              columns={[
                { title: 'Month', dataIndex: 'month', key: 'month' },
                { title: 'Recorded', dataIndex: 'amount', key: 'amount', align: 'right', render: (v: number) => formatPrice(v) },
                { title: 'Paid', dataIndex: 'paid', key: 'paid', align: 'right', render: (v: number) => formatPrice(v) },
              ]}
            />
          </KeyboardScroll>
        </Card>
        <Card size="small" title="Per associate">
          <KeyboardScroll label="Per associate">
            <Table<Associate>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={r.perAssociate}
              columns={associateColumns}
              locale={{ emptyText: 'No assigned leads in this period' }}
              {...sidewaysScroll(r.perAssociate, 560)}
            />
          </KeyboardScroll>
        </Card>
      </div>
    </Flex>
  );
}
