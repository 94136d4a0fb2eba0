import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension } from '@nestjs/swagger';
import { PUBLIC_EXTENSION } from '../openapi/extensions';

export const IS_PUBLIC = 'auth:isPublic';

/**
 * The route answers visitors too (the signed-in user, if any, is still resolved by the global guard in
 * modules/auth). Route metadata, kept with the HTTP infrastructure so that infrastructure routes (metrics,
 * health) can be public without importing the auth module. The API document says so.
 */
export const Public = () => applyDecorators(SetMetadata(IS_PUBLIC, true), ApiExtension(PUBLIC_EXTENSION, true));
