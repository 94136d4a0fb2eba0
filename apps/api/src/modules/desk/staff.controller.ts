import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { GrantStaffDto, StaffMember } from '@app/shared';
import { IdParamPipe } from '../../infra/http/id-param.pipe';
import { type AuthUser, CurrentUser, Roles } from '../auth';
import { StaffService } from './staff.service';

/** Staff roles, granted and taken away by admins. */
@Roles('admin')
@Controller('admin/staff')
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  /** Grants `associate` or `admin` to an existing account (400 naming `email` when there is none). */
  @Post()
  @HttpCode(200)
  grant(@Body() body: GrantStaffDto, @CurrentUser() admin: AuthUser): Promise<StaffMember> {
    return this.staff.grant(body, admin);
  }

  /** Takes the staff role away (the account stays, as a user). 404 for someone who is not staff. */
  @Delete(':userId')
  @HttpCode(204)
  revoke(@Param('userId', IdParamPipe) userId: number, @CurrentUser() admin: AuthUser): Promise<void> {
    return this.staff.revoke(userId, admin);
  }
}
