import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VehiclesModule } from '../vehicles';
import { AnalyticsController } from './analytics.controller';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { AnalyticsStatsService } from './analytics-stats.service';
import {
  AnalyticsDailyEntity,
  AnalyticsDailyListingEntity,
  AnalyticsDailyPageEntity,
  AnalyticsRollupStateEntity,
  AnalyticsTopEntity,
  AnalyticsVisitorEntity,
} from './entities/analytics-daily.entity';
import { PageVisitEntity } from './entities/page-visit.entity';
import { VisitorSessionEntity } from './entities/visitor-session.entity';
import { AnalyticsPurgeJob } from './jobs/analytics-purge.job';
import { AnalyticsRollupJob } from './jobs/analytics-rollup.job';
import { PageVisitWriter } from './page-visit-writer.service';
import { TrackingService } from './tracking.service';

/** Page-view tracking, the roll-ups into visits and daily aggregates, and the admins' site statistics. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      PageVisitEntity,
      VisitorSessionEntity,
      AnalyticsDailyEntity,
      AnalyticsDailyPageEntity,
      AnalyticsDailyListingEntity,
      AnalyticsVisitorEntity,
      AnalyticsTopEntity,
      AnalyticsRollupStateEntity,
    ]),
    VehiclesModule,
  ],
  controllers: [AnalyticsController],
  providers: [PageVisitWriter, TrackingService, AnalyticsRollupService, AnalyticsStatsService, AnalyticsRollupJob, AnalyticsPurgeJob],
  exports: [AnalyticsRollupService, PageVisitWriter],
})
export class AnalyticsModule {}
