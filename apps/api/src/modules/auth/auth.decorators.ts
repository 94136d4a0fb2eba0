import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@app/shared';
import { PUBLIC_EXTENSION, ROLES_EXTENSION } from '../../infra/openapi/extensions';
import type { AuthUser } from './auth-user';

export { IS_PUBLIC, Public } from '../../infra/http/public-route';
export const ROLES = 'auth:roles';

/** The route needs a signed-in user with one of these roles: 401 signed out, 403 otherwise (named in the API document). */
export const Roles = (...roles: UserRole[]) => applyDecorators(SetMetadata(ROLES, roles), ApiExtension(ROLES_EXTENSION, roles));

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
