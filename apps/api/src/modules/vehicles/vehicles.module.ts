import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { IdempotencyModule } from '../../infra/idempotency/idempotency.module';
import { CacheModule } from '../../infra/cache/cache.module';
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
  imports: [TypeOrmModule.forFeature([VehicleEntity, VehicleViewEntity]), CacheModule, IdempotencyModule],
  controllers: [VehiclesController, UserVehiclesController],
  providers: [ListingReader, ListingWriter, VehiclesService, VehicleSearchService, VehicleViewsPurgeJob, SqliteMaintenanceService],
  exports: [VehiclesService, ListingReader, ListingWriter],
})
export class VehiclesModule {}
