import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { Cron, CronExpression, SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../../infra/config/app-config';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { LeadsService } from '../leads.service';

export const LEAD_ESCALATION_JOB = 'lead-escalation';
export const FINANCING_RETENTION_JOB = 'financing-retention';

/**
 * The desk's jobs, each on one instance at a time and safe to run twice: every LEAD_ESCALATION_SECONDS the
 * overdue first responses are escalated to admins (once per lead); hourly, financing answers older than
 * FINANCING_RETENTION_DAYS are erased.
 */
@Injectable()
export class DeskJobs implements OnApplicationBootstrap {
  private readonly logger = new Logger(DeskJobs.name);

  constructor(
    private readonly leads: LeadsService,
    private readonly lock: JobLockService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(LEAD_ESCALATION_JOB, setInterval(() => void this.escalate(), this.config.desk.escalationMs));
  }

  escalate(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(LEAD_ESCALATION_JOB, async () => {
      const count = await this.leads.escalateOverdue();
      if (count > 0) this.logger.log(`Escalated ${count} overdue lead(s) to the admins`);
    });
  }

  @Cron(CronExpression.EVERY_HOUR, { name: FINANCING_RETENTION_JOB })
  eraseFinancing(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(FINANCING_RETENTION_JOB, async () => {
      const count = await this.leads.eraseExpiredFinancing();
      if (count > 0) this.logger.log(`Erased the financing answers of ${count} lead(s)`);
    });
  }
}
