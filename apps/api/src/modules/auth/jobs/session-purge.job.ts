import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { SessionService } from '../session.service';

/** Hourly: removes expired sessions. */
@Injectable()
export class SessionPurgeJob {
  private readonly logger = new Logger(SessionPurgeJob.name);

  constructor(
    private readonly sessions: SessionService,
    private readonly lock: JobLockService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'purge-expired-sessions' })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive('purge-expired-sessions', async () => {
      const removed = await this.sessions.purgeExpired();
      if (removed > 0) this.logger.log(`Purged ${removed} expired session(s)`);
    });
  }
}
