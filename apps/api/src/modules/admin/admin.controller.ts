import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import {
  AdminInquiry,
  AdminMail,
  AdminMailList,
  AdminRevision,
  AdminStats,
  AdminVehicle,
  AuditEntry,
  AuditQueryDto,
  InquiryQueryDto,
  MailQueryDto,
  PageQueryDto,
  PendingQueryDto,
  type PendingAdminVehicle,
  Paginated,
  RejectDto,
  UpdateInquiryDto,
  UpdateListingStatusDto,
} from '@app/shared';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { MailOutbox } from '../../infra/mail/outbox/mail-outbox.service';
import { type AuthUser, CurrentUser, Roles } from '../auth';
import { DealRatingsService } from '../vehicles';
import { AdminVehiclesService } from './admin-vehicles.service';
import { AuditService } from './audit.service';
import { AdminVehicleEditDto } from '@app/shared/server';
import { InquiriesService } from './inquiries.service';

/** The admin dashboard's calls (SPEC.md section 7): admins only, 401 signed out, 403 for anyone else. */
@Roles('admin')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly vehicles: AdminVehiclesService,
    private readonly audit: AuditService,
    private readonly inquiries: InquiriesService,
    private readonly dealRatings: DealRatingsService,
    private readonly outbox: MailOutbox,
  ) {}

  @Get('vehicles/pending')
  pending(@Query() query: PendingQueryDto): Promise<Paginated<PendingAdminVehicle>> {
    return this.vehicles.pending(query);
  }

  @Get('vehicles/approved')
  approved(@Query() query: PageQueryDto): Promise<Paginated<AdminVehicle>> {
    return this.vehicles.approved(query);
  }

  @Get('stats')
  stats(): Promise<AdminStats> {
    return this.vehicles.stats();
  }

  @Patch('vehicles/:id/status')
  changeStatus(
    @Param('id', IdParamPipe) id: number,
    @Body() body: UpdateListingStatusDto,
    @CurrentUser() admin: AuthUser,
  ): Promise<AdminVehicle> {
    return this.vehicles.changeStatus(id, body, admin);
  }

  @Patch('vehicles/:id')
  edit(@Param('id', IdParamPipe) id: number, @Body() body: AdminVehicleEditDto, @CurrentUser() admin: AuthUser): Promise<AdminVehicle> {
    return this.vehicles.edit(id, body, admin);
  }

  @Get('revisions')
  revisions(@Query() query: PageQueryDto): Promise<Paginated<AdminRevision>> {
    return this.vehicles.pendingRevisions(query);
  }

  @Post('revisions/:id/approve')
  @HttpCode(200)
  approveRevision(@Param('id', IdParamPipe) id: number, @CurrentUser() admin: AuthUser): Promise<AdminVehicle> {
    return this.vehicles.approveRevision(id, admin);
  }

  @Post('revisions/:id/reject')
  @HttpCode(200)
  rejectRevision(@Param('id', IdParamPipe) id: number, @Body() body: RejectDto, @CurrentUser() admin: AuthUser): Promise<AdminVehicle> {
    return this.vehicles.rejectRevision(id, body, admin);
  }

  /** Re-estimates deal ratings now instead of at the job's next run (one run at a time: 'skipped' if one is under way). */
  @Post('deal-ratings/refit')
  @HttpCode(200)
  async refitDealRatings(): Promise<{ status: 'ran' | 'skipped' | 'failed' }> {
    return { status: await this.dealRatings.refitExclusive() };
  }

  @Get('audit')
  auditTrail(@Query() query: AuditQueryDto): Promise<Paginated<AuditEntry>> {
    return this.audit.list(query);
  }

  @Get('inquiries')
  inquiryList(@Query() query: InquiryQueryDto): Promise<Paginated<AdminInquiry>> {
    return this.inquiries.list(query);
  }

  @Patch('inquiries/:id')
  handleInquiry(@Param('id', IdParamPipe) id: number, @Body() body: UpdateInquiryDto, @CurrentUser() admin: AuthUser): Promise<AdminInquiry> {
    return this.inquiries.setHandled(id, body.handled, admin.id);
  }

  /** The e-mail outbox: failed messages (by default), pending or sent ones, with the count of each. */
  @Get('mail')
  mail(@Query() query: MailQueryDto): Promise<AdminMailList> {
    return this.outbox.list(query.status);
  }

  /** Sends a failed e-mail again (404 unknown, 409 not failed). */
  @Post('mail/:id/retry')
  @HttpCode(200)
  retryMail(@Param('id', IdParamPipe) id: number): Promise<AdminMail> {
    return this.outbox.retry(id);
  }
}
