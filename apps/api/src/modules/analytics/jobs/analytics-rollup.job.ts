import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { AnalyticsRollupService } from '../analytics-rollup.service';

export const ROLLUP_JOB = 'analytics-rollup';

/** Every 5 minutes: page views into visitor sessions and daily aggregates (today's included). */
@Injectable()
export class AnalyticsRollupJob {
  private readonly logger = new Logger(AnalyticsRollupJob.name);

  constructor(
    private readonly rollup: AnalyticsRollupService,
    private readonly lock: JobLockService,
  ) {}

  @Cron(CronExpression.EVERY_5_MINUTES, { name: ROLLUP_JOB })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(ROLLUP_JOB, async () => {
      const started = Date.now();
      const result = await this.rollup.rollup();
      if (result.visitsRead > 0) {
        this.logger.log(
          `Rolled up ${result.visitsRead} page view(s): sessions +${result.sessionsInserted} ~${result.sessionsUpdated} -${result.sessionsDeleted}, ${result.days} day(s), ${Date.now() - started} ms`,
        );
      }
    });
  }
}
