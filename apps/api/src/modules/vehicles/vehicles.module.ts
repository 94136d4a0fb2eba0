import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';
import { CacheModule } from '../../infra/cache/cache.module';
import { VehiclePriceEntity } from './entities/vehicle-price.entity';
import { VehicleRevisionEntity } from './entities/vehicle-revision.entity';
import { VehicleFeatureEntity } from './entities/vehicle-feature.entity';
import { VehicleViewEntity } from './entities/vehicle-view.entity';
import { VehicleEntity } from './entities/vehicle.entity';
import { DealRatingsJob } from './jobs/deal-ratings.job';
import { DerivedColumnsJob } from './jobs/derived-columns.job';
import { VehicleViewsPurgeJob } from './jobs/vehicle-views-purge.job';
import { ListingLifecycleService } from './lifecycle/listing-lifecycle.service';
import { ListingRevisionsService } from './lifecycle/listing-revisions.service';
import { ListingReader } from './listing-reader.service';
import { ListingWriter } from './listing-writer.service';
import { DealRatingsService } from './pricing/deal-ratings.service';
import { MarketSalesService } from './pricing/market-sales.service';
import { MarketSaleEntity } from './entities/market-sale.entity';
import { SqliteMaintenanceService } from './search/sqlite-maintenance.service';
import { SearchCounts } from './search/search-counts.service';
import { VehicleSearchService } from './search/vehicle-search.service';
import { UserVehiclesController, VehiclesController } from './vehicles.controller';
import { VehiclesService } from './vehicles.service';

@Module({
  imports: [TypeOrmModule.forFeature([VehicleEntity, VehicleViewEntity, VehiclePriceEntity, VehicleRevisionEntity, VehicleFeatureEntity, MarketSaleEntity]), CacheModule, IdempotencyModule],
  controllers: [VehiclesController, UserVehiclesController],
  providers: [
    ListingReader,
    ListingWriter,
    VehiclesService,
    VehicleSearchService,
    SearchCounts,
    VehicleViewsPurgeJob,
    SqliteMaintenanceService,
    ListingLifecycleService,
    ListingRevisionsService,
    DealRatingsService,
    MarketSalesService,
    DealRatingsJob,
    DerivedColumnsJob,
  ],
  exports: [VehiclesService, VehicleSearchService, ListingReader, ListingWriter, ListingRevisionsService, DealRatingsService, MarketSalesService],
})
export class VehiclesModule {}
