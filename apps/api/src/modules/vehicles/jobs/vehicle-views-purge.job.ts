import { Injectable, Logger } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { VehiclesService } from '../vehicles.service';

/** Daily: forgets per-visitor view records of past days (they only serve "once per visitor per day"). */
@Injectable()
export class VehicleViewsPurgeJob {
  private readonly logger = new Logger(VehicleViewsPurgeJob.name);

  constructor(
    private readonly vehicles: VehiclesService,
    private readonly lock: JobLockService,
  ) {}

  @Cron(CronExpression.EVERY_DAY_AT_1AM, { name: 'purge-vehicle-views' })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive('purge-vehicle-views', async () => {
      const removed = await this.vehicles.purgeOldViews();
      if (removed > 0) this.logger.log(`Purged ${removed} past view record(s)`);
    });
  }
}
