import { Module } from '@nestjs/common';
import { CatalogController } from './catalog.controller';
import { CatalogService } from './catalog.service';
import { SpecsService } from './specs.service';
import { VehicleToolsController } from './vehicle-tools.controller';
import { VinService } from './vin.service';

/** Makes, models and trims, option lists, offline VIN decoding and spec / feature generation. */
@Module({
  controllers: [CatalogController, VehicleToolsController],
  providers: [CatalogService, VinService, SpecsService],
  exports: [VinService, CatalogService],
})
export class CatalogModule {}
