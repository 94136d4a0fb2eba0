import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { UploadsService } from '../uploads.service';

/** Hourly: removes photos that were never attached to a listing within UPLOAD_ORPHAN_HOURS (6 by default) of their upload. */
@Injectable()
export class OrphanUploadsJob {
  constructor(
    private readonly uploads: UploadsService,
    private readonly lock: JobLockService,
  ) {}

  @Cron(CronExpression.EVERY_HOUR, { name: 'remove-orphan-uploads' })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive('remove-orphan-uploads', () => this.uploads.removeOrphans());
  }
}
