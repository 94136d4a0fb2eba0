import { Module } from '@nestjs/common';
import { AnalyticsModule } from '../analytics/analytics.module';
import { ContactModule } from '../contact/contact.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { DemoSeedService } from './demo-seed.service';
import { ListingImportService } from './listing-import.service';

/** Listing bundles in (the `import` command, and the demo data at start). */
@Module({
  imports: [UsersModule, UploadsModule, VehiclesModule, ContactModule, AnalyticsModule],
  providers: [ListingImportService, DemoSeedService],
  exports: [ListingImportService],
})
export class ListingImportModule {}
