import { ExecutionContext, Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginDto } from '@app/shared';
import { createValidationPipe } from '../../infra/http/validation';
import { KNOWN_DEVICE_COOKIE, LoginThrottleService } from './login-throttle.service';
import { APP_CONFIG, type AppConfig } from '../../infra/config/app-config';

/**
 * Validates the body with the shared LoginDto (guards run before pipes), refuses an account held back by
 * failed sign-ins (LoginThrottleService), then lets passport-local check the credentials; a success marks
 * the browser as a known device of the account.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  private readonly validation = createValidationPipe();

  constructor(
    private readonly throttle: LoginThrottleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = (await this.validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    request.body = body;
    await this.throttle.assertAllowed(body.email, request.ip, request.cookies?.[KNOWN_DEVICE_COOKIE]);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof UnauthorizedException) await this.throttle.recordFailure(body.email, request.ip);
      throw error;
    }
    await this.throttle.reset(body.email, request.ip);
    // This browser now knows the account: a flood of failures from elsewhere does not hold it back.
    context.switchToHttp().getResponse<FastifyReply>().setCookie(KNOWN_DEVICE_COOKIE, this.throttle.knownDeviceToken(body.email), {
      path: '/api/login',
      httpOnly: true,
      sameSite: 'strict',
      secure: this.config.isProduction,
      maxAge: 365 * 24 * 3600,
    });
    return true;
  }
}
