import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VersionedCacheService } from '../../infra/cache/versioned-cache.service';
import { VehicleViewEntity } from './entities/vehicle-view.entity';
import { VehicleEntity } from './entities/vehicle.entity';
import { VehicleViewsPurgeJob } from './jobs/vehicle-views-purge.job';
import { ListingReader } from './listing-reader.service';
import { ListingWriter } from './listing-writer.service';
import { SqliteMaintenanceService } from './search/sqlite-maintenance.service';
import { VehicleSearchService } from './search/vehicle-search.service';
import { UserVehiclesController, VehiclesController } from './vehicles.controller';
import { VehiclesService } from './vehicles.service';

@Module({
  imports: [TypeOrmModule.forFeature([VehicleEntity, VehicleViewEntity])],
  controllers: [VehiclesController, UserVehiclesController],
  providers: [VersionedCacheService, ListingReader, ListingWriter, VehiclesService, VehicleSearchService, VehicleViewsPurgeJob, SqliteMaintenanceService],
  exports: [VehiclesService, ListingReader, ListingWriter],
})
export class VehiclesModule {}
