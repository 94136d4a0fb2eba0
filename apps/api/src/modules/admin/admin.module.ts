import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from '../contact/entities/contact-message.entity';
import { VehicleEntity } from '../vehicles/entities/vehicle.entity';
import { VehiclesModule } from '../vehicles/vehicles.module';
import { AdminVehiclesService } from './admin-vehicles.service';
import { AdminController } from './admin.controller';
import { AuditService } from './audit.service';
import { AuditLogEntity } from './entities/audit-log.entity';
import { InquiriesService } from './inquiries.service';

/** Listing review and edits (audited), the audit trail, and buyers' inquiries for staff. */
@Module({
  imports: [TypeOrmModule.forFeature([VehicleEntity, ContactMessageEntity, AuditLogEntity]), VehiclesModule],
  controllers: [AdminController],
  providers: [AdminVehiclesService, AuditService, InquiriesService],
})
export class AdminModule {}
