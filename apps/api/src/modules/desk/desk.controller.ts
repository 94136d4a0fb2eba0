import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  CreateLeadDto,
  DeskInbound,
  DeskLeadDetail,
  DeskLeadList,
  DeskReport,
  DeskReportQueryDto,
  LeadActivityDto,
  LeadMessageDto,
  LeadQueryDto,
  StaffMember,
  UpdateLeadDto,
} from '@app/shared';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { type AuthUser, CurrentUser, Roles } from '../auth';
import { DeskReportService } from './desk-report.service';
import { InboundMailService } from './inbound-mail.service';
import { LeadsService } from './leads.service';

/** The associate desk (issue 30): associates and admins work buyer leads; 401 signed out, 403 anyone else. */
@Roles('associate', 'admin')
@Controller('desk')
export class DeskController {
  constructor(
    private readonly leads: LeadsService,
    private readonly reports: DeskReportService,
    private readonly inbound: InboundMailService,
  ) {}

  /** Leads newest first, by state, assignee (or unassigned), listing, overdue. */
  @Get('leads')
  list(@Query() query: LeadQueryDto): Promise<DeskLeadList> {
    return this.leads.list(query);
  }

  /** Logs a call or a text about a listing as a new lead (already contacted). */
  @Post('leads')
  create(@Body() body: CreateLeadDto, @CurrentUser() user: AuthUser): Promise<DeskLeadDetail> {
    return this.leads.logLead(body, user);
  }

  /** The lead with its thread, its trail, its first response and its fee. */
  @Get('leads/:id')
  detail(@Param('id', IdParamPipe) id: number): Promise<DeskLeadDetail> {
    return this.leads.detail(id);
  }

  /** Changes state, assignee, lost reason, sale price (selling) or the fee's state (admins). */
  @Patch('leads/:id')
  update(@Param('id', IdParamPipe) id: number, @Body() body: UpdateLeadDto, @CurrentUser() user: AuthUser): Promise<DeskLeadDetail> {
    return this.leads.update(id, body, user);
  }

  /** E-mails the buyer through the outbox with the lead's own reply address. */
  @Post('leads/:id/messages')
  reply(@Param('id', IdParamPipe) id: number, @Body() body: LeadMessageDto, @CurrentUser() user: AuthUser): Promise<DeskLeadDetail> {
    return this.leads.reply(id, body.body, user);
  }

  /** Logs a call, a text, a note, or a task with a due time. */
  @Post('leads/:id/activities')
  activity(@Param('id', IdParamPipe) id: number, @Body() body: LeadActivityDto, @CurrentUser() user: AuthUser): Promise<DeskLeadDetail> {
    return this.leads.logActivity(id, body, user);
  }

  /** Who leads can be assigned to. */
  @Get('staff')
  staff(): Promise<StaffMember[]> {
    return this.leads.staff();
  }

  /** Leads per day, first response p50/p90, conversion, fees per month, each associate's figures. */
  @Get('report')
  report(@Query() query: DeskReportQueryDto): Promise<DeskReport> {
    return this.reports.report(query.days);
  }

  /** Inbound mail that matched no lead, and the count of dropped forged reply addresses. */
  @Get('inbound')
  inboundMail(): Promise<DeskInbound> {
    return this.inbound.list();
  }
}
