import { useState } from 'react';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { AuditAction, AuditEntry } from '@app/shared';
import { PAGE_SIZE, useAuditTrail } from '../api/queries';
import { formatDateTime } from '../lib/dates';
import { TableSkeleton } from './TableSkeleton';
import { KeyboardScroll, sidewaysScroll } from './table-scroll';

const ACTION_LABELS: Record<AuditAction, { label: string; color: string }> = {
  create: { label: 'Created', color: 'green' },
  status: { label: 'Status change', color: 'blue' },
  edit: { label: 'Edit', color: 'geekblue' },
  feature: { label: 'Featured', color: 'gold' },
  unfeature: { label: 'Unfeatured', color: 'default' },
  delete: { label: 'Deleted', color: 'red' },
  'reject-revision': { label: 'Changes rejected', color: 'red' },
};

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : `${value.length} item(s)`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "field: before → after" for each field the action changed. */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return fields.map((f) => `${f}: ${show(entry.before[f])} → ${show(entry.after[f])}`);
}

/** The admin actions, newest first. */
export function AuditTab({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useAuditTrail(page, enabled);

  const columns: TableColumnsType<AuditEntry> = [
    { title: 'When', dataIndex: 'createdAt', key: 'createdAt', width: 190, render: (d: string) => formatDateTime(d) },
    {
      title: 'Admin',
      key: 'actor',
      width: 200,
      render: (_, e) => (e.actor ? [e.actor.firstName, e.actor.lastName].filter(Boolean).join(' ') || e.actor.email : <Typography.Text type="secondary">Deleted account</Typography.Text>),
    },
    { title: 'Action', dataIndex: 'action', key: 'action', width: 140, render: (a: AuditAction) => <Tag color={ACTION_LABELS[a].color}>{ACTION_LABELS[a].label}</Tag> },
    { title: 'Listing', dataIndex: 'vehicleId', key: 'vehicleId', width: 100, render: (id: number | null) => (id ? <a href={`/vehicles/${id}`}>#{id}</a> : '—') },
    {
      title: 'Changes',
      key: 'changes',
      render: (_, e) => (
        <ul className="adm-console-changes">
          {describeChanges(e).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <section aria-labelledby="adm-audit-heading">
      <Typography.Title level={4} id="adm-audit-heading">
        Audit Log
      </Typography.Title>
      {isPending && !isError ? (
        <TableSkeleton />
      ) : (
        <KeyboardScroll label={'Audit log table'}>
          <Table<AuditEntry>
            rowKey="id"
            columns={columns}
            dataSource={data?.items ?? []}
            locale={{ emptyText: isError ? 'The audit log could not be loaded.' : 'No admin actions yet' }}
            {...sidewaysScroll(data?.items, 900)}
            pagination={(data?.total ?? 0) > PAGE_SIZE && { current: page, pageSize: PAGE_SIZE, total: data?.total, showSizeChanger: false, onChange: setPage }}
          />
        </KeyboardScroll>
      )}
    </section>
  );
}
