import { useState } from 'react';
import { App, Button, Card, Empty, Flex, Pagination, Table, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, EyeOutlined } from '@ant-design/icons';
import { thumbnailImageUrl, isAuthFailure, formatPrice, type AdminRevision, type RevisionFieldDiff } from '@app/shared';
import { PAGE_SIZE, useDecideRevision, useRevisions } from '../api/queries';
import { formatDate } from '../lib/dates';
import { revisionValueText } from '../lib/revision-values';
import { TEXT } from '../lib/texts';
import { RejectReasonModal, type RejectDecision } from './RejectReasonModal';
import { TableSkeleton } from './TableSkeleton';
import { SignalsCell } from './SignalsCell';
import { VehicleCell } from './VehicleCell';

/** Photos as thumbnails; the ones the other side lacks are marked (added on the proposed side, removed on the live side). */
function PhotoStrip({ urls, other, mark }: { urls: string[]; other: string[]; mark: 'added' | 'removed' }) {
  if (urls.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <ul className="adm-console-diff-photos">
      {urls.map((url, i) => {
        const marked = !other.includes(url);
        return (
          <li key={url} className={marked ? `is-${mark}` : undefined}>
            <img src={thumbnailImageUrl(url)} alt={`Photo ${i + 1}${marked ? ` (${mark})` : ''}`} width={96} height={72} loading="lazy" />
          </li>
        );
      })}
    </ul>
  );
}

function DiffValue({ diff, side }: { diff: RevisionFieldDiff; side: 'before' | 'after' }) {
  if (diff.field === 'images') {
    const before = (diff.before ?? []) as string[];
    const after = (diff.after ?? []) as string[];
    return side === 'before' ? <PhotoStrip urls={before} other={after} mark="removed" /> : <PhotoStrip urls={after} other={before} mark="added" />;
  }
  return <span className="adm-console-diff-text">{revisionValueText(diff.field, diff[side])}</span>;
}

const DIFF_COLUMNS: TableColumnsType<RevisionFieldDiff> = [
  { title: 'Field', dataIndex: 'label', key: 'field', width: 110 },
  { title: 'Live now', key: 'before', render: (_, d) => <DiffValue diff={d} side="before" /> },
  { title: 'Proposed', key: 'after', render: (_, d) => <DiffValue diff={d} side="after" /> },
];

function RejectModal({ revision, onClose }: { revision: AdminRevision; onClose: () => void }) {
  const decide = useDecideRevision();
  const { message, notification } = App.useApp();
  const submit = ({ reason, note }: RejectDecision) =>
    decide.mutate(
      { id: revision.id, decision: 'reject', reason, note },
      {
        onSuccess: () => {
          void message.success(TEXT.revisions.rejected);
          onClose();
        },
        onError: (error) => {
          if (!isAuthFailure(error)) notification.error({ title: TEXT.toast.error, description: error.message });
        },
      },
    );
  return <RejectReasonModal title={TEXT.revisions.rejectTitle} okText="Reject changes" pending={decide.isPending} onSubmit={submit} onClose={onClose} />;
}

function RevisionCard({ revision, onReject }: { revision: AdminRevision; onReject: () => void }) {
  const decide = useDecideRevision();
  const { message, notification } = App.useApp();
  const { vehicle } = revision;
  const approve = () =>
    decide.mutate(
      { id: revision.id, decision: 'approve' },
      {
        onSuccess: () => void message.success(TEXT.revisions.approved),
        onError: (error) => {
          if (!isAuthFailure(error)) notification.error({ title: TEXT.toast.error, description: error.message });
        },
      },
    );
  return (
    <Card
      size="small"
      className="adm-console-revision"
    >
      <Flex gap={8} justify="space-between" wrap className="adm-console-revision-head">
        <VehicleCell vehicle={vehicle} detail={`${formatPrice(vehicle.price)} · ${vehicle.location}`} />
        <Typography.Text type="secondary">
          Sent by {revision.author?.email ?? 'a deleted account'} on {formatDate(revision.createdAt)}
        </Typography.Text>
      </Flex>
      {revision.signals.length > 0 ? (
        <div className="adm-console-revision-signals">
          <SignalsCell signals={revision.signals} risk={revision.signals.reduce((sum, s) => sum + s.weight, 0)} />
        </div>
      ) : null}
      <Table<RevisionFieldDiff> rowKey="field" size="small" tableLayout="fixed" columns={DIFF_COLUMNS} dataSource={revision.diff} pagination={false} />
      <Flex gap={8} wrap className="adm-console-diff-actions">
        <Button type="primary" icon={<CheckOutlined />} loading={decide.isPending} onClick={approve}>
          Approve changes
        </Button>
        <Button danger icon={<CloseOutlined />} disabled={decide.isPending} onClick={onReject}>
          Reject…
        </Button>
        <Button icon={<EyeOutlined />} href={`/vehicles/${vehicle.id}`}>
          View live listing
        </Button>
      </Flex>
    </Card>
  );
}

/** Sellers' changes to live listings: each as a field-by-field diff (photos as thumbnails), approved or rejected with a reason. */
export function RevisionsTab({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [rejecting, setRejecting] = useState<AdminRevision | null>(null);
  const list = useRevisions(page, enabled);
  const items = list.data?.items ?? [];
  return (
    <section aria-labelledby="adm-revisions-heading">
      <Typography.Title level={4} id="adm-revisions-heading">
        {TEXT.revisions.heading}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{TEXT.revisions.intro}</Typography.Paragraph>
      {list.isPending && !list.isError ? (
        <TableSkeleton />
      ) : items.length === 0 ? (
        <Empty description={list.isError ? 'The changes awaiting review could not be loaded.' : TEXT.revisions.empty} />
      ) : (
        <div className="adm-console-stack">
          {items.map((r) => (
            <RevisionCard key={r.id} revision={r} onReject={() => setRejecting(r)} />
          ))}
          {(list.data?.total ?? 0) > PAGE_SIZE && (
            <Pagination current={page} pageSize={PAGE_SIZE} total={list.data?.total} showSizeChanger={false} onChange={setPage} />
          )}
        </div>
      )}
      {rejecting && <RejectModal revision={rejecting} onClose={() => setRejecting(null)} />}
    </section>
  );
}
