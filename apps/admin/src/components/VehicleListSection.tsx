import type { ReactNode } from 'react';
import { Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { AdminVehicle, Paginated } from '@app/shared';
import { PAGE_SIZE } from '../api/queries';
import { TableSkeleton } from './TableSkeleton';
import { KeyboardScroll, sidewaysScroll } from './table-scroll';

interface VehicleListSectionProps {
  /** id of the heading, which labels the section */
  id: string;
  heading: string;
  emptyText: string;
  errorText: string;
  columns: TableColumnsType<AdminVehicle>;
  list: { data?: Paginated<AdminVehicle>; isPending: boolean; isError: boolean };
  page: number;
  onPageChange: (page: number) => void;
  /** Shown after the table (the edit modal). */
  children?: ReactNode;
  /** Controls beside the heading (the queue's sort). */
  toolbar?: ReactNode;
  /** The table's width before it scrolls sideways. */
  scrollX?: number;
}

/** One of the console's listing tables: heading, skeleton rows while loading, empty and error states, paging. */
export function VehicleListSection({ id, heading, emptyText, errorText, columns, list, page, onPageChange, children, toolbar, scrollX = 980 }: VehicleListSectionProps) {
  const { data, isPending, isError } = list;
  return (
    <section aria-labelledby={id}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} id={id}>
          {heading}
        </Typography.Title>
        {toolbar}
      </Flex>
      {isPending && !isError ? (
        <TableSkeleton />
      ) : (
        <KeyboardScroll label={heading}>
          <Table<AdminVehicle>
            rowKey="id"
            columns={columns}
            dataSource={data?.items ?? []}
            locale={{ emptyText: isError ? errorText : emptyText }}
            {...sidewaysScroll(data?.items, scrollX)}
            pagination={
              (data?.total ?? 0) > PAGE_SIZE && { current: page, pageSize: PAGE_SIZE, total: data?.total, showSizeChanger: false, onChange: onPageChange }
            }
          />
        </KeyboardScroll>
      )}
      {children}
    </section>
  );
}
