import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AnalyticsModule } from '../analytics';
import { ContactModule } from '../contact';
import { DeskModule } from '../desk';
import { UploadsModule } from '../uploads';
import { UsersModule } from '../users';
import { VehiclesModule } from '../vehicles';
import { BundlePhotoFollower } from './bundle-photo-follower.service';
import { DemoSeedService } from './demo-seed.service';
import { PendingBundlePhotoEntity } from './entities/pending-bundle-photo.entity';
import { ListingImportService } from './listing-import.service';

/** Listing bundles in (the `import` command, and the demo data at start). */
@Module({
  imports: [TypeOrmModule.forFeature([PendingBundlePhotoEntity]), UsersModule, UploadsModule, VehiclesModule, ContactModule, AnalyticsModule, DeskModule],
  providers: [ListingImportService, DemoSeedService, BundlePhotoFollower],
  exports: [ListingImportService, BundlePhotoFollower],
})
export class ListingImportModule {}
