import { Flex, Tag, Typography } from 'antd';
import { DEAL_RATING_LABELS, formatPrice, type AdminVehicle, type DealRating } from '@app/shared';

const COLORS: Record<DealRating, string> = { great: 'green', good: 'cyan', fair: 'blue', high: 'orange', overpriced: 'red' };

/** The listing's price against the market (deal rating, expected price, comparables), for the review queue. */
export function MarketCell({ vehicle }: { vehicle: Pick<AdminVehicle, 'priceAnalysis'> }) {
  const { rating, expectedPrice, comparables } = vehicle.priceAnalysis;
  if (!rating || expectedPrice === null) return <Typography.Text type="secondary">Too few comparables</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      <Tag color={COLORS[rating]} style={{ width: 'fit-content' }}>
        {DEAL_RATING_LABELS[rating]}
      </Tag>
      <Typography.Text type="secondary">
        Market {formatPrice(expectedPrice)} · {comparables} comparables
      </Typography.Text>
    </Flex>
  );
}
