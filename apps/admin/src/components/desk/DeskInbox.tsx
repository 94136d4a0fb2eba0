import { Card, Empty, Flex, Statistic, Typography } from 'antd';
import { useDeskInbound } from '../../api/queries';
import { formatDateTime } from '../../lib/dates';
import { TableSkeleton } from '../TableSkeleton';

/** Inbound e-mail that went to no reply address of ours, kept for staff; and how many forged reply addresses were dropped. */
export function DeskInbox({ enabled }: { enabled: boolean }) {
  const inbound = useDeskInbound(enabled);
  if (inbound.isPending) return <TableSkeleton />;
  if (inbound.isError) return <Typography.Paragraph>The inbound mail could not be loaded.</Typography.Paragraph>;
  return (
    <Flex vertical gap={12}>
      <Card size="small" style={{ maxWidth: 320 }}>
        <Statistic title="Forged reply addresses dropped (since the server started)" value={inbound.data.dropped} />
      </Card>
      {inbound.data.items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No unmatched mail" />
      ) : (
        inbound.data.items.map((m) => (
          <Card key={m.id} size="small" title={m.subject}>
            <Typography.Text type="secondary">
              From {m.from} to {m.to} · {formatDateTime(m.receivedAt)}
            </Typography.Text>
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginTop: 8, marginBottom: 0 }} ellipsis={{ rows: 6, expandable: 'collapsible' }}>
              {m.body}
            </Typography.Paragraph>
          </Card>
        ))
      )}
    </Flex>
  );
}
