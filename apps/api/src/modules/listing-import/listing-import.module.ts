import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics';
import { ContactModule } from '../contact';
import { DeskModule } from '../desk';
import { UploadsModule } from '../uploads';
import { UsersModule } from '../users';
import { VehiclesModule } from '../vehicles';
import { DemoSeedService } from './demo-seed.service';
import { ListingImportService } from './listing-import.service';

/** Listing bundles in (the `import` command, and the demo data at start). */
@Module({
  imports: [UsersModule, UploadsModule, VehiclesModule, ContactModule, AnalyticsModule, DeskModule],
  providers: [ListingImportService, DemoSeedService],
  exports: [ListingImportService],
})
export class ListingImportModule {}
