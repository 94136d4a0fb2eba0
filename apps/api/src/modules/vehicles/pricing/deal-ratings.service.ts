import { Injectable, Logger } from '@nestjs/common';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { ListingReader } from '../listing-reader.service';
import { ListingWriter } from '../listing-writer.service';
import { MarketModel } from './market-model';

/**
 * The deal ratings' refit: the market model is fitted on live and sold listings (what the market asks and
 * gets), then every live and pending listing is estimated from its comparables (never itself). Only
 * estimates that changed are written, so a second run in a row writes nothing. Runs from DealRatingsJob.
 */
@Injectable()
export class DealRatingsService {
  private readonly logger = new Logger(DealRatingsService.name);

  constructor(
    private readonly reader: ListingReader,
    private readonly writer: ListingWriter,
    private readonly lock: JobLockService,
  ) {}

  /** The refit on one instance at a time (the scheduled job, and staff asking for it now). */
  refitExclusive(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive('deal-ratings', () => this.refit());
  }

  /** Answers how many listings were rated and how many estimates changed. */
  async refit(): Promise<{ rated: number; changed: number }> {
    const rows = await this.reader.pricingRows();
    const model = MarketModel.fit(rows.filter((r) => r.status === 'approved' || r.status === 'sold'));
    let rated = 0;
    const changed: { id: number; expectedPrice: number | null; comparables: number | null }[] = [];
    for (const row of rows) {
      if (row.status === 'sold') continue;
      const estimate = model.estimate(row);
      if (estimate) rated += 1;
      const expectedPrice = estimate?.expectedPrice ?? null;
      const comparables = estimate?.comparables ?? null;
      if (expectedPrice !== (row.expectedPrice ?? null) || comparables !== (row.dealComparables ?? null)) changed.push({ id: row.id, expectedPrice, comparables });
    }
    await this.writer.writeMarketEstimates(changed);
    if (changed.length > 0) this.logger.log(`Deal ratings: ${rated} listings rated, ${changed.length} estimates changed`);
    return { rated, changed: changed.length };
  }
}
