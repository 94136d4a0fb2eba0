/**
 * The uploads module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { PhotoMatchesService } from './photo-matches.service';
export { UploadsModule } from './uploads.module';
export { UploadsService } from './uploads.service';
