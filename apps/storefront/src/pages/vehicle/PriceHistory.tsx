import { formatDate, formatPrice, type VehicleDetail } from '@app/shared';
import { usePriceHistory } from '../../api/queries';
import { PriceChart } from './PriceChart';

/**
 * The listing's price over time: a chart from the day it was listed (one flat line while the price has not
 * changed), and every change, newest first, in a table once it has changed.
 */
export default function PriceHistory({ vehicle }: { vehicle: VehicleDetail }) {
  const history = usePriceHistory(vehicle.id);
  const points = history.data ?? [];
  if (points.length === 0) return null;
  const rows = points.map((p, i) => ({ ...p, change: i === 0 ? null : p.price - (points[i - 1]?.price ?? p.price) })).reverse();
  return (
    <section className="vehicle-section" aria-labelledby="price-history-title">
      <h2 id="price-history-title">Price History</h2>
      <PriceChart points={points} until={vehicle.status === 'sold' ? vehicle.soldAt : null} />
      {points.length >= 2 ? (
        <table className="price-history">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Price</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.at + r.price}>
                <td>{formatDate(r.at)}</td>
                <td>{formatPrice(r.price)}</td>
                <td className={r.change === null ? '' : r.change < 0 ? 'price-down' : 'price-up'}>
                  {r.change === null ? 'Listed' : `${r.change < 0 ? '−' : '+'}${formatPrice(Math.abs(r.change))}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
