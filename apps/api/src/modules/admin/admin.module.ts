import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CatalogModule } from '../catalog';
import { ContactModule } from '../contact';
import { UploadsModule } from '../uploads';
import { VehiclesModule } from '../vehicles';
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
