import { createParamDecorator, CustomDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@app/shared';
import type { AuthUser } from './auth-user';

export { IS_PUBLIC, Public } from '../../infra/http/public-route';
export const ROLES = 'auth:roles';

/** The route needs a signed-in user with one of these roles: 401 signed out, 403 otherwise. */
export const Roles = (...roles: UserRole[]): CustomDecorator => SetMetadata(ROLES, roles);

/** The signed-in caller as an AuthUser (undefined on a public route when signed out). */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser | undefined => ctx.switchToHttp().getRequest<FastifyRequest>().user,
);

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
}

declare module '@fastify/secure-session' {
  interface SessionData {
    sid: string;
  }
}
