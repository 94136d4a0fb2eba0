import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PublicUser, RegisterDto } from '@app/shared';
import { UserEntity } from '../users/entities/user.entity';
import { toPublicUser } from '../users/users.service';
import { CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { LocalAuthGuard } from './local-auth.guard';
import { SessionService } from './session.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
  ) {}

  @Public()
  @Post('register')
  @RouteConfig({ rateLimit: { max: 20, timeWindow: '1 hour' } })
  async register(@Body() body: RegisterDto, @Req() request: FastifyRequest): Promise<PublicUser> {
    const user = await this.auth.register(body);
    await this.sessions.start(request, user.id);
    return toPublicUser(user);
  }

  @Public()
  @UseGuards(LocalAuthGuard)
  @Post('login')
  @HttpCode(200)
  async login(@CurrentUser() user: UserEntity, @Req() request: FastifyRequest): Promise<PublicUser> {
    await this.sessions.start(request, user.id);
    return toPublicUser(user);
  }

  /** Links to /api/login lead to the sign-in page, keeping where the visitor came from. */
  @Public()
  @Get('login')
  redirectToSignIn(@Query('returnTo') returnTo: string | undefined, @Req() request: FastifyRequest, @Res() reply: FastifyReply): void {
    const target = safeReturnPath(returnTo) ?? safeReturnPath(refererPath(request));
    void reply.redirect(target ? `/auth?returnTo=${encodeURIComponent(target)}` : '/auth', 302);
  }

  @Public()
  @Post('logout')
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest): Promise<void> {
    await this.sessions.end(request);
  }

  @Get('user')
  me(@CurrentUser() user: UserEntity): PublicUser {
    return toPublicUser(user);
  }
}

/** A same-site path only ("/dashboard?x=1"), never another host ("//evil.example") or the auth page itself. */
export function safeReturnPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (value.startsWith('/auth') || value.startsWith('/api/')) return undefined;
  return value.length <= 512 ? value : undefined;
}

function refererPath(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === request.host ? url.pathname + url.search : undefined;
  } catch {
    return undefined;
  }
}
