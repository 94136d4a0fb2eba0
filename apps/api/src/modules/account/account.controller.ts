import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  type AccountSession,
  ChangeEmailDto,
  ChangePasswordDto,
  ConfirmEmailDto,
  DeleteAccountDto,
  type PublicUser,
  UpdateProfileDto,
} from '@app/shared';
import type { FastifyRequest } from 'fastify';
import { type AuthUser, CurrentUser, Public, SessionService } from '../auth';
import { toPublicUser, UsersService } from '../users';
import { AccountService } from './account.service';

/** The profile page's calls: the signed-in person's own account. */
@Controller()
export class AccountController {
  constructor(
    private readonly account: AccountService,
    private readonly users: UsersService,
    private readonly sessions: SessionService,
  ) {}

  @Patch('user')
  async updateProfile(@CurrentUser() user: AuthUser, @Body() body: UpdateProfileDto): Promise<PublicUser> {
    return toPublicUser(await this.users.updateNames(user.id, body));
  }

  @Post('user/password')
  @HttpCode(204)
  @RouteConfig({ rateLimit: { max: 10, timeWindow: '1 hour' } })
  changePassword(@CurrentUser() user: AuthUser, @Body() body: ChangePasswordDto, @Req() request: FastifyRequest): Promise<void> {
    return this.account.changePassword(request, user.id, body);
  }

  @Post('user/email')
  @HttpCode(202)
  @RouteConfig({ rateLimit: { max: 10, timeWindow: '1 hour' } })
  async changeEmail(@CurrentUser() user: AuthUser, @Body() body: ChangeEmailDto): Promise<{ message: string }> {
    await this.account.requestEmailChange(user.id, body);
    return { message: `We sent a link to ${body.email}: your address changes when you follow it.` };
  }

  /** The link sent to a new address: public, since it may be opened in another browser. */
  @Public()
  @Post('auth/confirm-email')
  @HttpCode(200)
  @RouteConfig({ rateLimit: { max: 20, timeWindow: '1 hour' } })
  confirmEmail(@Body() body: ConfirmEmailDto): Promise<{ email: string }> {
    return this.account.confirmEmail(body.token);
  }

  @Get('user/sessions')
  sessionList(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<AccountSession[]> {
    return this.sessions.listFor(request, user.id);
  }

  @Delete('user/sessions/:id')
  @HttpCode(204)
  endSession(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<void> {
    return this.sessions.endById(user.id, id);
  }

  @Delete('user')
  @HttpCode(204)
  @RouteConfig({ rateLimit: { max: 10, timeWindow: '1 hour' } })
  deleteAccount(@CurrentUser() user: AuthUser, @Body() body: DeleteAccountDto, @Req() request: FastifyRequest): Promise<void> {
    return this.account.deleteAccount(request, user.id, body.password);
  }
}
