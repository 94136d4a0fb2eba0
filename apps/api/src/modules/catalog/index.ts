/**
 * The catalog module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { getCatalog } from './catalog-data';
export { CatalogModule } from './catalog.module';
export { VinService } from './vin.service';
export { MAKES } from './vpic/makes';
