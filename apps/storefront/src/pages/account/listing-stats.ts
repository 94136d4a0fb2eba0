import type { ListingStatus } from '@app/shared';

/** The dashboard's stat cards: Active (approved) listings, Pending Approval, and the views of all listings. */
export function listingStats(vehicles: ReadonlyArray<{ status: ListingStatus; views: number }>) {
  return {
    active: vehicles.filter((v) => v.status === 'approved').length,
    pending: vehicles.filter((v) => v.status === 'pending').length,
    views: vehicles.reduce((sum, v) => sum + v.views, 0),
  };
}
