import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiFoundResponse } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForgotPasswordDto, LoginDto, PASSWORD_RESET_REQUESTED, PublicUser, RegisterDto, ResetPasswordDto, VERIFY_LINK_SENT, VerifyEmailDto } from '@app/shared';
import { toPublicUser, UsersService } from '../users';
import type { AuthUser } from './auth-user';
import { CurrentUser, Public } from './auth.decorators';
import { AuthService } from './auth.service';
import { EmailVerificationService } from './email-verification.service';
import { LocalAuthGuard } from './local-auth.guard';
import { PasswordResetService } from './password-reset.service';
import { SessionService } from './session.service';

@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly sessions: SessionService,
    private readonly passwordResets: PasswordResetService,
    private readonly users: UsersService,
    private readonly verification: EmailVerificationService,
  ) {}

  /** A new account, signed in with its address unverified; an address that has an account is answered alike (see AuthService.register). */
  @Public()
  @Post('register')
  @RouteConfig({ rateLimit: { max: 20, timeWindow: '1 hour' } })
  async register(@Body() body: RegisterDto, @Req() request: FastifyRequest): Promise<PublicUser> {
    const { answer, signIn } = await this.auth.register(body);
    // Both outcomes set a fresh session cookie; only a new account's session signs anyone in.
    if (signIn === null) await this.sessions.startNobody(request);
    else await this.sessions.start(request, signIn);
    return answer;
  }

  @Public()
  @UseGuards(LocalAuthGuard)
  @Post('login')
  @HttpCode(200)
  // The local guard reads and validates the body (LoginDto) before the handler runs.
  @ApiBody({ type: LoginDto })
  async login(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<PublicUser> {
    await this.sessions.start(request, user.id);
    return this.users.profile(user.id);
  }

  /** Links to /api/login lead to the sign-in page, keeping where the visitor came from. */
  @Public()
  @Get('login')
  @ApiFoundResponse({
    description: 'To the sign-in page',
    headers: { Location: { description: '/auth, with ?returnTo= the same-site path to come back to', schema: { type: 'string' } } },
  })
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

  /** "Forgot password?": the same 202 whether an account uses the address or not (see PasswordResetService). */
  @Public()
  @Post('auth/forgot-password')
  @HttpCode(202)
  @RouteConfig({ rateLimit: { max: 5, timeWindow: '1 hour' } })
  forgotPassword(@Body() body: ForgotPasswordDto): { message: string } {
    this.passwordResets.requestSoon(body.email);
    return { message: PASSWORD_RESET_REQUESTED };
  }

  /** Sets the password of a reset link's account and ends all its sessions; the visitor then signs in. */
  @Public()
  @Post('auth/reset-password')
  @HttpCode(204)
  @RouteConfig({ rateLimit: { max: 20, timeWindow: '1 hour' } })
  async resetPassword(@Body() body: ResetPasswordDto, @Req() request: FastifyRequest): Promise<void> {
    await this.passwordResets.reset(body.token, body.password);
    // This browser's own session (if any) ended with the others: its cookie goes too.
    request.session?.delete();
  }

  /** The link sent to a new account's address: public, since it may be opened in another browser. */
  @Public()
  @Post('auth/verify-email')
  @HttpCode(200)
  @RouteConfig({ rateLimit: { max: 20, timeWindow: '1 hour' } })
  verifyEmail(@Body() body: VerifyEmailDto): Promise<{ email: string }> {
    return this.verification.verify(body.token);
  }

  /** The profile's "send the link again" (at most 3 links an hour to one account, 10 asks an hour). */
  @Post('account/verify-email/resend')
  @HttpCode(202)
  @RouteConfig({ rateLimit: { max: 10, timeWindow: '1 hour' } })
  async resendVerification(@CurrentUser() user: AuthUser): Promise<{ message: string }> {
    await this.verification.resend(user);
    return { message: VERIFY_LINK_SENT };
  }

  @Get('user')
  me(@CurrentUser() user: AuthUser): Promise<PublicUser> {
    return this.users.profile(user.id);
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
