import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UsersModule } from '../users';
import { VehiclesModule } from '../vehicles';
import { DeskDemoService } from './desk-demo.service';
import { DeskReportService } from './desk-report.service';
import { DeskController } from './desk.controller';
import { InboundMailEntity } from './entities/inbound-mail.entity';
import { LeadActivityEntity } from './entities/lead-activity.entity';
import { LeadMessageEntity } from './entities/lead-message.entity';
import { LeadEntity } from './entities/lead.entity';
import { FinancingController } from './financing.controller';
import { InboundMailService } from './inbound-mail.service';
import { DeskJobs } from './jobs/desk.job';
import { LeadsService } from './leads.service';
import { SellerProgressController } from './seller-progress.controller';
import { StaffController } from './staff.controller';
import { StaffService } from './staff.service';

/** The associate desk: buyer leads, their conversation by e-mail (out through the outbox, in through SMTP), fees, staff roles. */
@Module({
  imports: [TypeOrmModule.forFeature([LeadEntity, LeadMessageEntity, LeadActivityEntity, InboundMailEntity]), UsersModule, VehiclesModule],
  controllers: [DeskController, SellerProgressController, FinancingController, StaffController],
  providers: [LeadsService, DeskReportService, InboundMailService, StaffService, DeskJobs, DeskDemoService],
  exports: [LeadsService, InboundMailService, DeskDemoService],
})
export class DeskModule {}
