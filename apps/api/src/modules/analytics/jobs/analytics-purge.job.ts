import { Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { AnalyticsRollupService } from '../analytics-rollup.service';

export const PURGE_JOB = 'analytics-purge';

/** Daily at 03:17 UTC: raw page views older than ANALYTICS_RETENTION_DAYS (rolled-up ones only). */
@Injectable()
export class AnalyticsPurgeJob {
  constructor(
    private readonly rollup: AnalyticsRollupService,
    private readonly lock: JobLockService,
  ) {}

  @Cron('17 3 * * *', { name: PURGE_JOB, timeZone: 'UTC' })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(PURGE_JOB, () => this.rollup.purge());
  }
}
