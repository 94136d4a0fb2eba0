import { useState } from 'react';
import { Button, Flex, Tag, type TableColumnsType } from 'antd';
import { EditOutlined, EyeOutlined } from '@ant-design/icons';
import { COLOR_OPTIONS, labelOf, formatCount, formatPrice, type AdminVehicle } from '@app/shared';
import { useVehicleList } from '../api/queries';
import { TEXT } from '../lib/texts';
import { EditVehicleModal } from './EditVehicleModal';
import { VehicleListSection } from './VehicleListSection';
import { VehicleCell } from './VehicleCell';


/** 'Approved Listings - Edit Mode': Edit opens the Edit Vehicle Details modal, View the public page. */
export function ApprovedTable({ enabled }: { enabled: boolean }) {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminVehicle | null>(null);
  const list = useVehicleList('approved', page, enabled);

  const columns: TableColumnsType<AdminVehicle> = [
    {
      title: 'Vehicle',
      key: 'vehicle',
      render: (_, v) => (
        <Flex vertical gap={4}>
          <VehicleCell vehicle={v} detail={v.trim} />
          {v.isFeatured && (
            <span>
              <Tag color="gold">Featured</Tag>
            </span>
          )}
        </Flex>
      ),
    },
    { title: 'Color', key: 'color', render: (_, v) => labelOf(COLOR_OPTIONS, v.color ?? v.exteriorColor) || '—' },
    { title: 'Mileage (mi)', dataIndex: 'mileage', key: 'mileage', render: (m: number) => formatCount(m) },
    { title: 'Price', dataIndex: 'price', key: 'price', render: (price: number) => formatPrice(price) },
    { title: 'Location', dataIndex: 'location', key: 'location' },
    { title: 'Views', dataIndex: 'views', key: 'views', render: (n: number) => formatCount(n) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, v) => (
        <Flex gap={8} wrap>
          <Button size="small" type="primary" icon={<EditOutlined />} onClick={() => setEditing(v)}>
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
      id="adm-approved-heading"
      heading={TEXT.approved.heading}
      emptyText={TEXT.approved.empty}
      errorText="The approved listings could not be loaded."
      columns={columns}
      list={list}
      page={page}
      onPageChange={setPage}
    >
      {editing && <EditVehicleModal vehicle={editing} onClose={() => setEditing(null)} />}
    </VehicleListSection>
  );
}
