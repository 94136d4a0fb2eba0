import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { ListingWriter } from '../listing-writer.service';

/**
 * Once at start, on one instance at a time: listings whose derived columns an older derivation wrote
 * (vehicle-derived.ts DERIVATION_VERSION) are derived again by the listing writer. In the background: the
 * API answers meanwhile, with the old columns until each batch is written (a failure is logged by the lock).
 */
@Injectable()
export class DerivedColumnsJob implements OnApplicationBootstrap {
  private readonly logger = new Logger(DerivedColumnsJob.name);

  constructor(
    private readonly writer: ListingWriter,
    private readonly lock: JobLockService,
  ) {}

  onApplicationBootstrap(): void {
    void this.run();
  }

  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive('derived-columns', async () => {
      const started = Date.now();
      const refreshed = await this.writer.refreshDerivedColumns();
      if (refreshed > 0) this.logger.log(`Derived the search columns of ${refreshed} listing(s) again in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });
  }
}
