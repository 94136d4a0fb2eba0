import { useState } from 'react';
import { Alert, App, Button, Flex, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { RedoOutlined } from '@ant-design/icons';
import { formatCount, isAuthFailure, type AdminMail, type MailStatus } from '@app/shared';
import { useMail, useRetryMail } from '../api/queries';
import { formatDateTime } from '../lib/dates';
import { TEXT } from '../lib/texts';
import { TableSkeleton } from './TableSkeleton';
import { EmailText } from './EmailText';
import { KeyboardScroll, sidewaysScroll } from './table-scroll';

const STATUS_LABEL: Record<MailStatus, string> = { failed: 'Failed', pending: 'Waiting', sent: 'Sent' };
const EMPTY: Record<MailStatus, string> = {
  failed: 'No e-mail has failed',
  pending: 'No e-mail is waiting to be sent',
  sent: 'No e-mail sent in the last 30 days',
};

/**
 * The e-mail outbox for staff: what could not be sent (after every retry) with the server's answer, to send
 * again once the cause is fixed; what is waiting (with its next try) and what was sent.
 */
export function MailTab({ enabled }: { enabled: boolean }) {
  const [status, setStatus] = useState<MailStatus>('failed');
  const { data, isPending, isError } = useMail(status, enabled);
  const retry = useRetryMail();
  const { message, notification } = App.useApp();
  const counts = data?.counts;

  const sendAgain = (mail: AdminMail) =>
    retry.mutate(mail.id, {
      onSuccess: () => void message.success('The e-mail will be sent again in a moment'),
      onError: (error) => {
        if (!isAuthFailure(error)) notification.error({ title: TEXT.toast.error, description: 'The e-mail could not be queued again' });
      },
    });

  const columns: TableColumnsType<AdminMail> = [
    { title: 'Queued', dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (d: string) => formatDateTime(d) },
    {
      title: 'E-mail',
      key: 'mail',
      render: (_, m) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{m.subject}</Typography.Text>
          <Typography.Text type="secondary">
            To <EmailText address={m.to} /> · {m.kind}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Attempts',
      key: 'attempts',
      width: 260,
      render: (_, m) => (
        <Flex vertical gap={2}>
          <span>
            {m.attempts} {m.attempts === 1 ? 'attempt' : 'attempts'}
            {m.sentAt ? `, sent ${formatDateTime(m.sentAt)}` : m.nextAttemptAt ? `, next ${formatDateTime(m.nextAttemptAt)}` : ''}
          </span>
          {m.lastError && <Typography.Text type="danger">{m.lastError}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 150,
      render: (_, m) =>
        m.status === 'failed' ? (
          <Button size="small" type="primary" icon={<RedoOutlined />} onClick={() => sendAgain(m)} loading={retry.isPending && retry.variables === m.id}>
            Send again
          </Button>
        ) : (
          <Tag color={m.status === 'sent' ? 'green' : 'gold'}>{STATUS_LABEL[m.status]}</Tag>
        ),
    },
  ];

  return (
    <section aria-labelledby="adm-mail-heading" className="adm-console-stack">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} id="adm-mail-heading" style={{ margin: 0 }}>
          Outgoing E-mail
        </Typography.Title>
        <Segmented<MailStatus>
          value={status}
          onChange={setStatus}
          options={(['failed', 'pending', 'sent'] as const).map((s) => ({
            value: s,
            label: counts ? `${STATUS_LABEL[s]} (${formatCount(counts[s])})` : STATUS_LABEL[s],
          }))}
        />
      </Flex>
      {status === 'failed' && (counts?.failed ?? 0) > 0 && (
        <Alert
          type="error"
          showIcon
          title="These e-mails were not delivered after every retry."
          description="Fix what the error says (the mail server's settings, or the address), then send them again."
        />
      )}
      {isPending && !isError ? (
        <TableSkeleton />
      ) : (
        <KeyboardScroll label={'E-mail table'}>
          <Table<AdminMail>
            rowKey="id"
            columns={columns}
            dataSource={data?.messages ?? []}
            locale={{ emptyText: isError ? 'The outbox could not be loaded.' : EMPTY[status] }}
            {...sidewaysScroll(data?.messages, 860)}
            pagination={false}
          />
        </KeyboardScroll>
      )}
    </section>
  );
}
