import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { AnalyticsRollupService } from '../analytics-rollup.service';

export const ROLLUP_JOB = 'analytics-rollup';

/**
 * Every ANALYTICS_ROLLUP_SECONDS (5 minutes): page views into visitor sessions and daily aggregates
 * (today's included), once per period across all instances (each ticks; the first to claim the period runs).
 */
@Injectable()
export class AnalyticsRollupJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(AnalyticsRollupJob.name);

  constructor(
    private readonly rollup: AnalyticsRollupService,
    private readonly lock: JobLockService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    // An interval rather than a cron: its length comes from the configuration. Ticking a few times per
    // period means a slow or stopped instance delays the roll-up by a fraction of a period only.
    const tick = Math.max(1000, Math.floor(this.config.analytics.rollupMs / 3));
    this.scheduler.addInterval(ROLLUP_JOB, setInterval(() => void this.run(), tick));
  }

  run(now = Date.now()): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runOncePer(
      ROLLUP_JOB,
      this.config.analytics.rollupMs,
      async () => {
        const started = Date.now();
        const result = await this.rollup.rollup();
        if (result.visitsRead > 0) {
          this.logger.log(
            `Rolled up ${result.visitsRead} page view(s): sessions +${result.sessionsInserted} ~${result.sessionsUpdated} -${result.sessionsDeleted}, ${result.days} day(s), ${Date.now() - started} ms`,
          );
        }
      },
      now,
    );
  }
}
