/**
 * The analytics module's front door: what other modules may use of it. Import from here, never from a file
 * inside (import-graph.spec.ts enforces it).
 */
export { AnalyticsRollupService } from './analytics-rollup.service';
export { AnalyticsModule } from './analytics.module';
export { ROLLUP_JOB } from './jobs/analytics-rollup.job';
export { type PageVisitRow, PageVisitWriter } from './page-visit-writer.service';
