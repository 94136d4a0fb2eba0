import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { LISTING_BUNDLE_FILE } from '@app/shared';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';
import { JobLockService } from '../../infra/jobs/job-lock.service';
import { DeskDemoService } from '../desk';
import { AdminBootstrapService } from '../users';
import { ListingReader } from '../vehicles';
import { ListingImportService } from './listing-import.service';

export type SeedOutcome = 'seeded' | 'skipped';

/**
 * The demo data at start: with SEED_DEMO on and no listing in the database (SQLite or MySQL/MariaDB, with
 * or without ADMIN_EMAIL), the demo bundle (`npm run demo:build`, run by `npm run build`) is imported in
 * the background: listings first (a second or two), then the desk's associates and worked leads, then 90 days
 * of traffic and its roll-up.
 */
@Injectable()
export class DemoSeedService implements OnApplicationBootstrap {
  private readonly logger = new Logger(DemoSeedService.name);
  /** Settles when the listings are in (or seeding was skipped). */
  listings: Promise<SeedOutcome> = Promise.resolve('skipped');
  /** Settles when the traffic is in too. */
  done: Promise<SeedOutcome> = Promise.resolve('skipped');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly importer: ListingImportService,
    private readonly reader: ListingReader,
    private readonly adminBootstrap: AdminBootstrapService,
    private readonly lock: JobLockService,
    private readonly deskDemo: DeskDemoService,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.seedDemo) return;
    const failed = (error: unknown): SeedOutcome => {
      this.logger.error(`Demo data could not be imported: ${(error as Error).stack ?? String(error)}`);
      return 'skipped';
    };
    const imported = this.seedListings();
    this.listings = imported.then((traffic): SeedOutcome => (traffic ? 'seeded' : 'skipped')).catch(failed);
    this.done = imported
      .then(async (traffic): Promise<SeedOutcome> => {
        if (!traffic) return 'skipped';
        await traffic();
        return 'seeded';
      })
      .catch(failed);
  }

  /**
   * Imports the demo listings when the database has none; answers the import of the traffic that is still to
   * run, or null. Under the job lock: of several instances starting together on one database, one imports
   * and the others, finding the lock taken or the listings in, import nothing.
   */
  private async seedListings(): Promise<(() => Promise<void>) | null> {
    await this.adminBootstrap.ready;
    let traffic: (() => Promise<void>) | null = null;
    const outcome = await this.lock.runExclusive('demo-seed', async () => {
      traffic = await this.seedIntoEmpty();
    });
    if (outcome === 'failed') throw new Error('the import failed (see the job log above)');
    return traffic;
  }

  private async seedIntoEmpty(): Promise<(() => Promise<void>) | null> {
    const counts = await this.reader.countByStatus();
    if (Object.values(counts).some((n) => n > 0)) return null;
    const dir = this.config.demoBundleDir;
    if (!existsSync(join(dir, LISTING_BUNDLE_FILE))) {
      this.logger.warn(`SEED_DEMO is on but there is no demo bundle at ${dir}: run "npm run demo:build" (npm run build does) and restart`);
      return null;
    }
    const started = Date.now();
    const bundle = await this.importer.readBundle(dir);
    const { summary, ids } = await this.importer.importListings(dir, bundle, 'demo');
    this.logger.log(`Demo data: ${summary.accounts} accounts, ${summary.listings} listings, ${summary.photos} photos, ${summary.inquiries} inquiries, ${summary.marketSales} past sales in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return async () => {
      // The desk's associates and worked leads (after the listings answer: account hashing takes a moment).
      await this.deskDemo.seed(ids, bundle.listings.map((l) => l.status));
      const trafficStarted = Date.now();
      const visits = await this.importer.importTraffic(dir, bundle, ids);
      this.logger.log(`Demo traffic: ${visits} page views rolled up in ${((Date.now() - trafficStarted) / 1000).toFixed(1)} s`);
    };
  }
}
