import { Flex, Skeleton } from 'antd';

/** Skeleton rows in place of a table while its first page loads. */
export function TableSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Flex vertical gap={16} aria-busy="true" aria-label="Loading">
      {Array.from({ length: rows }, (_, i) => (
        <Flex key={i} gap={12} align="center" data-testid="skeleton-row">
          <Skeleton.Node active style={{ width: 72, height: 48 }} />
          <Skeleton active title={false} paragraph={{ rows: 2, width: ['60%', '35%'] }} />
        </Flex>
      ))}
    </Flex>
  );
}
