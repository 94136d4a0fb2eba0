/**
 * The vehicles module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { VehicleEntity } from './entities/vehicle.entity';
export { ListingRevisionsService, revisionDiff } from './lifecycle/listing-revisions.service';
export { ListingReader, type ListingSummary } from './listing-reader.service';
export { isAdminActor, type ListingChanged, type ListingField, type ListingFields, ListingWriter, userActor } from './listing-writer.service';
export { DealRatingsService } from './pricing/deal-ratings.service';
export { MarketSalesService } from './pricing/market-sales.service';
export { SearchCounts } from './search/search-counts.service';
export { VehicleSearchService } from './search/vehicle-search.service';
export { buyerInquiryNotice, listingApprovedNotice, listingRejectedNotice } from './seller-notices';
export { type OwnerExtras, toOwnerVehicle } from './vehicle.mapper';
export { VehiclesModule } from './vehicles.module';
export { type ImportedListing, VehiclesService } from './vehicles.service';
