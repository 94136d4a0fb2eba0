import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { LoginDto } from '@app/shared';
import { createValidationPipe } from '../../infra/http/validation';
import { LoginThrottleService } from './login-throttle.service';

/**
 * Validates the body with the shared LoginDto (guards run before pipes), refuses an account and address
 * with too many failures, then lets passport-local check the credentials.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  private readonly validation = createValidationPipe();

  constructor(private readonly throttle: LoginThrottleService) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const body = (await this.validation.transform(request.body ?? {}, { type: 'body', metatype: LoginDto })) as LoginDto;
    request.body = body;
    await this.throttle.assertAllowed(body.email, request.ip);
    try {
      await super.canActivate(context);
    } catch (error) {
      if (error instanceof UnauthorizedException) await this.throttle.recordFailure(body.email, request.ip);
      throw error;
    }
    await this.throttle.reset(body.email, request.ip);
    return true;
  }
}
