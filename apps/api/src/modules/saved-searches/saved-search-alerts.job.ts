import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { JobLockService } from '../../infra/jobs/job-lock.service';
import { SavedSearchesService } from './saved-searches.service';

export const SAVED_SEARCH_ALERTS_JOB = 'saved-search-alerts';

/**
 * Every SAVED_SEARCH_ALERTS_SECONDS (a minute by default), on one instance at a time: the saved-search alerts
 * that are due (instant ones at once).
 */
@Injectable()
export class SavedSearchAlertsJob implements OnApplicationBootstrap {
  constructor(
    private readonly searches: SavedSearchesService,
    private readonly lock: JobLockService,
    private readonly scheduler: SchedulerRegistry,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduler.addInterval(SAVED_SEARCH_ALERTS_JOB, setInterval(() => void this.run(), this.config.savedSearchAlertsMs));
  }

  run(now = new Date()): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(SAVED_SEARCH_ALERTS_JOB, () => this.searches.sendDueAlerts(now));
  }
}
