import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DealRatingsService } from '../pricing/deal-ratings.service';

/** How often the market is refitted, across every instance. */
export const REFIT_PERIOD_MS = 10 * 60_000;

/** Every 10 minutes, once across every instance: re-estimates market prices and deal ratings (safe to run twice). */
@Injectable()
export class DealRatingsJob {
  constructor(private readonly ratings: DealRatingsService) {}

  /** The cron's tick (the cron library hands its callback an argument of its own: `run` is not called with it). */
  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'deal-ratings' })
  tick(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.run();
  }

  run(now = Date.now()): Promise<'ran' | 'skipped' | 'failed'> {
    return this.ratings.refitOncePer(REFIT_PERIOD_MS, now);
  }
}
