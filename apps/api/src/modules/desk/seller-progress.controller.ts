import { Controller, Get } from '@nestjs/common';
import { ListingLeadProgress } from '@app/shared';
import { type AuthUser, CurrentUser } from '../auth';
import { DeskReportService } from './desk-report.service';

/** The seller's dashboard: the desk's progress on each of their listings, without buyers' personal data. */
@Controller('desk/my-listings')
export class SellerProgressController {
  constructor(private readonly reports: DeskReportService) {}

  @Get()
  progress(@CurrentUser() user: AuthUser): Promise<ListingLeadProgress[]> {
    return this.reports.sellerProgress(user.id);
  }
}
