import { useState } from 'react';
import { App, Button, Flex, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, UndoOutlined } from '@ant-design/icons';
import { vehicleTitle, type AdminInquiry } from '@app/shared';
import { isAuthFailure } from '@app/shared';
import { PAGE_SIZE, useInquiries, useMarkInquiry } from '../api/queries';
import { formatDateTime } from '../lib/dates';
import { TEXT } from '../lib/texts';
import { TableSkeleton } from './TableSkeleton';
import { EmailText } from './EmailText';
import { KeyboardScroll, sidewaysScroll } from './table-scroll';

type Filter = 'open' | 'handled';

/** Buyers' contact messages: staff read them and mark them handled (or reopen them). */
export function InquiriesTab({ enabled }: { enabled: boolean }) {
  const [filter, setFilter] = useState<Filter>('open');
  const [page, setPage] = useState(1);
  const { data, isPending, isError } = useInquiries(filter === 'handled', page, enabled);
  const mark = useMarkInquiry();
  const { message, notification } = App.useApp();

  const setHandled = (inquiry: AdminInquiry, handled: boolean) =>
    mark.mutate(
      { id: inquiry.id, handled },
      {
        onSuccess: () => void message.success(handled ? 'Inquiry marked as handled' : 'Inquiry reopened'),
        onError: (error) => {
          if (!isAuthFailure(error)) notification.error({ title: TEXT.toast.error, description: 'Failed to update the inquiry' });
        },
      },
    );

  const columns: TableColumnsType<AdminInquiry> = [
    { title: 'Received', dataIndex: 'createdAt', key: 'createdAt', width: 150, render: (d: string) => formatDateTime(d) },
    {
      title: 'From',
      key: 'from',
      width: 220,
      render: (_, q) => (
        <Flex vertical>
          <Typography.Text strong>{q.senderName}</Typography.Text>
          <a href={`mailto:${q.senderEmail}`}>
            <EmailText address={q.senderEmail} />
          </a>
          {q.senderPhone && <a href={`tel:${q.senderPhone}`}>{q.senderPhone}</a>}
        </Flex>
      ),
    },
    {
      title: 'Listing',
      key: 'vehicle',
      width: 180,
      render: (_, q) => (q.vehicle ? <a href={`/vehicles/${q.vehicle.id}`}>{vehicleTitle(q.vehicle)}</a> : <Typography.Text type="secondary">Listing removed</Typography.Text>),
    },
    {
      title: 'Message',
      key: 'message',
      render: (_, q) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{q.subject}</Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }} ellipsis={{ rows: 3, expandable: 'collapsible' }}>
            {q.message}
          </Typography.Paragraph>
          <Flex gap={4} wrap>
            {q.isFinancingInterest && <Tag color="green">Financing</Tag>}
            {q.isTradeInInterest && <Tag color="purple">Trade-in</Tag>}
          </Flex>
        </Flex>
      ),
    },
    {
      title: 'Status',
      key: 'status',
      width: 170,
      render: (_, q) =>
        q.handledAt ? (
          <Flex vertical gap={6} align="start">
            <Typography.Text type="secondary">
              Handled {formatDateTime(q.handledAt)}
              {q.handledBy ? ` by ${[q.handledBy.firstName, q.handledBy.lastName].filter(Boolean).join(' ') || q.handledBy.email}` : ''}
            </Typography.Text>
            <Button size="small" icon={<UndoOutlined />} onClick={() => setHandled(q, false)} loading={mark.isPending && mark.variables?.id === q.id}>
              Reopen
            </Button>
          </Flex>
        ) : (
          <Button size="small" type="primary" icon={<CheckOutlined />} onClick={() => setHandled(q, true)} loading={mark.isPending && mark.variables?.id === q.id}>
            Mark handled
          </Button>
        ),
    },
  ];

  return (
    <section aria-labelledby="adm-inquiries-heading" className="adm-console-stack">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} id="adm-inquiries-heading" style={{ margin: 0 }}>
          Buyer Inquiries
        </Typography.Title>
        <Segmented<Filter>
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'handled', label: 'Handled' },
          ]}
        />
      </Flex>
      {isPending && !isError ? (
        <TableSkeleton />
      ) : (
        <KeyboardScroll label={'Inquiries table'}>
          <Table<AdminInquiry>
            rowKey="id"
            columns={columns}
            dataSource={data?.items ?? []}
            locale={{ emptyText: isError ? 'The inquiries could not be loaded.' : filter === 'open' ? 'No open inquiries' : 'No handled inquiries' }}
            {...sidewaysScroll(data?.items, 980)}
            pagination={(data?.total ?? 0) > PAGE_SIZE && { current: page, pageSize: PAGE_SIZE, total: data?.total, showSizeChanger: false, onChange: setPage }}
          />
        </KeyboardScroll>
      )}
    </section>
  );
}
