import { useState } from 'react';
import { App, Button, Flex, Segmented, Typography, type TableColumnsType } from 'antd';
import { CheckOutlined, CloseOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { formatMileage, formatPrice, vehicleTitle, type AdminVehicle, type ListingStatus, type PendingAdminVehicle } from '@app/shared';
import { useChangeStatus, usePendingQueue } from '../api/queries';
import { isAuthFailure } from '@app/shared';
import { TEXT } from '../lib/texts';
import { formatDate } from '../lib/dates';
import { EditVehicleModal } from './EditVehicleModal';
import { RejectReasonModal, type RejectDecision } from './RejectReasonModal';
import { VehicleListSection } from './VehicleListSection';
import { MarketCell } from './MarketCell';
import { SignalsCell } from './SignalsCell';
import { VehicleCell } from './VehicleCell';
import { EmailText } from './EmailText';

/** 'Listings Pending Approval': Approve at once, Reject with a reason the seller is told, Edit in the console's modal, View the page. */
export function PendingTable({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminVehicle | null>(null);
  const [sort, setSort] = useState<'oldest' | 'risk'>('oldest');
  const list = usePendingQueue(page, sort, enabled);
  const changeStatus = useChangeStatus();
  const { message, notification } = App.useApp();

  const [rejecting, setRejecting] = useState<AdminVehicle | null>(null);

  const decide = (vehicle: AdminVehicle, status: Extract<ListingStatus, 'approved' | 'rejected'>, why: Partial<RejectDecision> = {}) =>
    changeStatus.mutate(
      { id: vehicle.id, status, ...why },
      {
        onSuccess: () => {
          setRejecting(null);
          void message.success(TEXT.toast.statusUpdated);
        },
        onError: (error) => {
          if (!isAuthFailure(error)) notification.error({ title: TEXT.toast.error, description: TEXT.toast.statusFailed });
        },
      },
    );
  const busy = (id: number) => changeStatus.isPending && changeStatus.variables?.id === id;

  const columns: TableColumnsType<AdminVehicle> = [
    { title: 'Vehicle', key: 'vehicle', render: (_, v) => <VehicleCell vehicle={v} detail={formatMileage(v.mileage)} /> },
    {
      title: 'Seller',
      key: 'seller',
      width: 210,
      render: (_, v) => (
        <Flex vertical>
          <Typography.Text>
            <EmailText address={v.contactEmail} />
          </Typography.Text>
          <Typography.Text type="secondary">{v.contactPhone}</Typography.Text>
          <Typography.Text type="secondary">{v.location}</Typography.Text>
        </Flex>
      ),
    },
    { title: 'Price', dataIndex: 'price', key: 'price', width: 100, render: (price: number) => formatPrice(price) },
    { title: 'Market', key: 'market', width: 160, render: (_, v) => <MarketCell vehicle={v} /> },
    {
      title: 'Signals',
      key: 'signals',
      width: 220,
      render: (_, v) => {
        const { signals = [], risk = 0 } = v as Partial<PendingAdminVehicle>;
        return <SignalsCell signals={signals} risk={risk} />;
      },
    },
    { title: 'Submitted', dataIndex: 'createdAt', key: 'createdAt', width: 110, render: (date: string) => formatDate(date) },
    {
      title: 'Actions',
      key: 'actions',
      // Kept in view while the other columns scroll sideways on a phone: Approve and Reject are always reachable.
      fixed: 'right',
      width: 124,
      render: (_, v) => (
        <Flex gap={6} vertical>
          <Button type="primary" size="small" icon={<CheckOutlined />} loading={busy(v.id) && changeStatus.variables?.status === 'approved'} disabled={busy(v.id)} onClick={() => decide(v, 'approved')}>
            Approve
          </Button>
          <Button danger size="small" icon={<CloseOutlined />} loading={busy(v.id) && changeStatus.variables?.status === 'rejected'} disabled={busy(v.id)} onClick={() => setRejecting(v)}>
            Reject…
          </Button>
          <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(v)}>
            Edit
          </Button>
          <Button size="small" icon={<EyeOutlined />} href={`/vehicles/${v.id}`}>
            View
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <VehicleListSection
      id="adm-pending-heading"
      heading={TEXT.pending.heading}
      emptyText={TEXT.pending.empty}
      errorText="The pending listings could not be loaded."
      columns={columns}
      list={list}
      page={page}
      onPageChange={setPage}
      scrollX={1120}
      toolbar={
        <Segmented
          aria-label="Order of the queue"
          value={sort}
          onChange={(value) => {
            setSort(value as 'oldest' | 'risk');
            setPage(1);
          }}
          options={[
            { value: 'oldest', label: 'Oldest first' },
            { value: 'risk', label: 'Highest risk first' },
          ]}
        />
      }
    >
      {editing && <EditVehicleModal vehicle={editing} onClose={() => setEditing(null)} />}
      {rejecting && (
        <RejectReasonModal
          title={TEXT.rejectConfirm}
          description={`${vehicleTitle(rejecting, true)}: the seller sees the reason and note on the dashboard and gets them by e-mail.`}
          okText="Reject listing"
          pending={changeStatus.isPending}
          onSubmit={(why) => decide(rejecting, 'rejected', why)}
          onClose={() => setRejecting(null)}
        />
      )}
    </VehicleListSection>
  );
}
