import { useState } from 'react';
import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { LISTING_FIELDS, formatCount, formatPrice, rejectionReasonLabel, type AuditAction, type AuditEntry, type ListingStatus } from '@app/shared';
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

/** What a status change did, in the staff's words. */
const STATUS_WORDS: Record<ListingStatus, string> = { pending: 'Back to review', approved: 'Approved', rejected: 'Rejected', sold: 'Marked sold' };

/** Names of the columns a change may touch besides the listing's own fields (LISTING_FIELDS). */
const OTHER_FIELDS: Record<string, string> = { status: 'Status', isFeatured: 'Featured', userId: 'Owner', soldPrice: 'Sold price', soldPriceShown: 'Sold price shown' };

/** A field's name as the forms show it: "Exterior color", never `exteriorColor`. */
export function fieldLabel(field: string): string {
  if (field in LISTING_FIELDS) return LISTING_FIELDS[field as keyof typeof LISTING_FIELDS].label;
  return OTHER_FIELDS[field] ?? field.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()).replace(/ ([A-Z])/g, (_, c: string) => ` ${c.toLowerCase()}`);
}

function show(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? 'none' : field === 'images' ? `${value.length} photo${value.length === 1 ? '' : 's'}` : value.join(', ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if ((field === 'price' || field === 'soldPrice') && typeof value === 'number') return formatPrice(value);
  if (field === 'mileage' && typeof value === 'number') return `${formatCount(value)} mi`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The change in words: a status change as what it did ("Rejected: The price looks wrong — the staff note"),
 * then "Field: before → after" for each other field, by the fields' labels.
 */
export function describeChanges(entry: Pick<AuditEntry, 'before' | 'after'>): string[] {
  const lines: string[] = [];
  const status = entry.after.status as ListingStatus | undefined;
  if (status && status in STATUS_WORDS && entry.before.status !== status) {
    const reason = status === 'rejected' ? rejectionReasonLabel(entry.after.rejectionReason as string | null) : '';
    const note = status === 'rejected' && entry.after.rejectionNote ? `“${String(entry.after.rejectionNote)}”` : '';
    lines.push([STATUS_WORDS[status], [reason, note].filter(Boolean).join(' — ')].filter(Boolean).join(': '));
  }
  const fields = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  for (const f of fields) {
    if (f === 'status' && lines.length > 0) continue;
    if ((f === 'rejectionReason' || f === 'rejectionNote') && (status === 'rejected' || !entry.after[f])) continue;
    lines.push(`${fieldLabel(f)}: ${show(f, entry.before[f])} → ${show(f, entry.after[f])}`);
  }
  return lines;
}

/** The action's tag: a status change says which one. */
function actionTag(entry: AuditEntry): { label: string; color: string } {
  const status = entry.after.status as ListingStatus | undefined;
  if ((entry.action === 'status' || entry.action === 'edit') && status && entry.before.status !== status && status in STATUS_WORDS) {
    return { label: STATUS_WORDS[status], color: status === 'rejected' ? 'red' : status === 'approved' ? 'green' : 'blue' };
  }
  return ACTION_LABELS[entry.action];
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
    {
      title: 'Action',
      key: 'action',
      width: 140,
      render: (_, e) => {
        const tag = actionTag(e);
        return <Tag color={tag.color}>{tag.label}</Tag>;
      },
    },
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
