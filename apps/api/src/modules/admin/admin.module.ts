import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog/catalog.module';
import { ContactModule } from '../contact/contact.module';
import { UploadsModule } from '../uploads/uploads.module';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { AdminVehiclesService } from './admin-vehicles.service';
import { AdminController } from './admin.controller';
import { AuditService } from './audit.service';
import { AuditLogEntity } from './entities/audit-log.entity';
import { InquiriesService } from './inquiries.service';
import { ModerationSignalsService } from './moderation-signals.service';

/** Listing review and edits (audited), the audit trail, and buyers' inquiries for staff. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditLogEntity]), CatalogModule, ContactModule, UploadsModule, VehiclesModule],
  controllers: [AdminController],
  providers: [AdminVehiclesService, AuditService, InquiriesService, ModerationSignalsService],
})
export class AdminModule {}
