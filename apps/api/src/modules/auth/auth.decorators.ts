import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { UserRole } from '@app/shared';
import { PUBLIC_EXTENSION, ROLES_EXTENSION } from '../../infra/openapi/openapi';
import type { AuthUser } from './auth-user';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES = 'auth:roles';

/** The route answers visitors too (the signed-in user, if any, is still resolved); the API document says so. */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));

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
