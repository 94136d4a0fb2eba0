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

/** Below this many columns (phones and small tablets) the landing shows at most NARROW_MAX_ROWS rows. */
const NARROW_COLUMNS = 3;
export const NARROW_MAX_ROWS = 2;

/**
 * The landing page's recent listings: 1 to 6 columns by window width, and always a whole number of
 * rows (24 listings on 5 columns show 20). On narrow screens at most two rows, so a phone reaches the
 * sections below (24 cards in one column made the page 14,700 px tall); "View All Vehicles" follows.
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
  const available = Math.min(vehicles?.length ?? 0, columns <= NARROW_COLUMNS ? columns * NARROW_MAX_ROWS : Infinity);
  const shown = (vehicles ?? []).slice(0, wholeRowCount(available, columns));
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
