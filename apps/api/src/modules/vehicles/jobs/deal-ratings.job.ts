import { Injectable } from '@nestjs/common';
import { Cron, CronExpression } from '@nestjs/schedule';
import { DealRatingsService } from '../pricing/deal-ratings.service';

/** Every 10 minutes, on one instance at a time: re-estimates market prices and deal ratings (safe to run twice). */
@Injectable()
export class DealRatingsJob {
  constructor(private readonly ratings: DealRatingsService) {}

  @Cron(CronExpression.EVERY_10_MINUTES, { name: 'deal-ratings' })
  run(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.ratings.refitExclusive();
  }
}
