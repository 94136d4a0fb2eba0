import { useId } from 'react';
import type { PublicVehicle as Vehicle } from '@app/shared';
import { GRID_BREAKPOINTS, gridCss, shownCount } from '../lib/grid-columns';
import { VehicleCard } from './VehicleCard';
import { VehicleCardSkeleton } from './VehicleCardSkeleton';

interface RecentGridProps {
  vehicles: Vehicle[] | undefined;
  loading: boolean;
}

/** The most columns the grid has (the widest band): as many skeletons as one row of them. */
const MAX_COLUMNS = Math.max(...GRID_BREAKPOINTS.map(([, columns]) => columns));

/**
 * The landing page's recent listings: 1 to 6 columns by window width, and always a whole number of
 * rows (24 listings on 5 columns show 20). On narrow screens at most two rows, so a phone reaches the
 * sections below (24 cards in one column made the page 14,700 px tall); "View All Vehicles" follows.
 * Every card is drawn and the width bands' CSS (gridCss) shows those of the window's band, so the server's
 * drawing of the page, made before anything knows the window's width, is the grid the screen shows.
 */
export function RecentGrid({ vehicles, loading }: RecentGridProps) {
  const id = useId();
  const selector = `.recent-grid[data-grid="${id}"]`;
  if (loading) {
    return (
      <>
        <style>{gridCss(selector, MAX_COLUMNS, (columns) => columns)}</style>
        <div className="recent-grid" data-grid={id} aria-busy="true">
          {Array.from({ length: MAX_COLUMNS }, (_, i) => (
            <VehicleCardSkeleton key={i} />
          ))}
        </div>
      </>
    );
  }
  const shown = vehicles ?? [];
  return (
    <>
      <style>{gridCss(selector, shown.length, (columns) => shownCount(shown.length, columns))}</style>
      <ul className="recent-grid" data-grid={id} aria-label="Recent listings">
        {shown.map((vehicle) => (
          <li key={vehicle.id}>
            <VehicleCard vehicle={vehicle} />
          </li>
        ))}
      </ul>
    </>
  );
}
