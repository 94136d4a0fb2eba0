import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VersionedCacheService } from '../../infra/cache/versioned-cache.service';
import { VehiclePriceEntity } from './entities/vehicle-price.entity';
import { VehicleRevisionEntity } from './entities/vehicle-revision.entity';
import { VehicleViewEntity } from './entities/vehicle-view.entity';
import { VehicleEntity } from './entities/vehicle.entity';
import { ListingLifecycleService } from './lifecycle/listing-lifecycle.service';
import { ListingRevisionsService } from './lifecycle/listing-revisions.service';
import { VehicleViewsPurgeJob } from './jobs/vehicle-views-purge.job';
import { SqliteMaintenanceService } from './search/sqlite-maintenance.service';
import { VehicleSearchService } from './search/vehicle-search.service';
import { UserVehiclesController, VehiclesController } from './vehicles.controller';
import { VehiclesService } from './vehicles.service';

@Module({
  imports: [TypeOrmModule.forFeature([VehicleEntity, VehicleViewEntity, VehiclePriceEntity, VehicleRevisionEntity])],
  controllers: [VehiclesController, UserVehiclesController],
  providers: [
    VersionedCacheService,
    VehiclesService,
    VehicleSearchService,
    VehicleViewsPurgeJob,
    SqliteMaintenanceService,
    ListingLifecycleService,
    ListingRevisionsService,
  ],
  exports: [VehiclesService, ListingRevisionsService, ListingLifecycleService],
})
export class VehiclesModule {}
