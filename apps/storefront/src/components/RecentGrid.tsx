import type { PublicVehicle as Vehicle } from '@app/shared';
import { cardWidthForWidth, useGridColumns, wholeRowCount, GRID_BREAKPOINTS } from '../hooks/use-columns';
import { VehicleCard } from './VehicleCard';
import { VehicleCardSkeleton } from './VehicleCardSkeleton';

/** Minimum window width of a column count (1 column: 0). */
function minWidthFor(columns: number): number {
  return GRID_BREAKPOINTS.find(([, c]) => c === columns)?.[0] ?? 0;
}

interface RecentGridProps {
  vehicles: Vehicle[] | undefined;
  loading: boolean;
}

/**
 * The landing page's recent listings: 1 to 6 columns by window width, and always a whole number of
 * rows (24 listings on 5 columns show 20).
 */
export function RecentGrid({ vehicles, loading }: RecentGridProps) {
  const columns = useGridColumns();
  const cardWidth = cardWidthForWidth(minWidthFor(columns));
  const style = { gridTemplateColumns: `repeat(${columns}, minmax(0, ${cardWidth}px))` };
  if (loading) {
    return (
      <div className="recent-grid" style={style} data-columns={columns} aria-busy="true">
        {Array.from({ length: columns }, (_, i) => (
          <VehicleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  const shown = (vehicles ?? []).slice(0, wholeRowCount(vehicles?.length ?? 0, columns));
  return (
    <ul className="recent-grid" style={style} data-columns={columns} aria-label="Recent listings">
      {shown.map((vehicle) => (
        <li key={vehicle.id}>
          <VehicleCard vehicle={vehicle} />
        </li>
      ))}
    </ul>
  );
}
