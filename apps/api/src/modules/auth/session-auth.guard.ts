import { CanActivate, ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@app/shared';
import { IS_PUBLIC, ROLES } from './auth.decorators';
import { SessionService } from './session.service';

/**
 * The one global guard: resolves the session's user on every request; routes need a signed-in user
 * unless marked @Public(); @Roles() adds a role check (401 signed out, 403 signed in without the role).
 */
@Injectable()
export class SessionAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets) ?? false;
    const roles = this.reflector.getAllAndOverride<UserRole[]>(ROLES, targets) ?? [];

    request.user = (await this.sessions.currentUser(request)) ?? undefined;
    if (!request.user) {
      if (isPublic && roles.length === 0) return true;
      throw new UnauthorizedException('You need to sign in');
    }
    if (roles.length > 0 && !roles.includes(request.user.role)) {
      throw new ForbiddenException('You do not have access to this resource');
    }
    return true;
  }
}
