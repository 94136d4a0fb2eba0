import { type CustomDecorator, SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:isPublic';

/**
 * The route answers visitors too (the signed-in user, if any, is still resolved by the global guard in
 * modules/auth). Route metadata, kept with the HTTP infrastructure so that infrastructure routes (metrics,
 * health) can be public without importing the auth module.
 */
export const Public = (): CustomDecorator => SetMetadata(IS_PUBLIC, true);
