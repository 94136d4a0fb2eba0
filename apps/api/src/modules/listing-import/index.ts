/**
 * The listing-import module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { ListingImportModule } from './listing-import.module';
export { ListingImportService } from './listing-import.service';
export { BundlePhotoFollower } from './bundle-photo-follower.service';
