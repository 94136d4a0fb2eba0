import type { UserRole } from '@app/shared';

/**
 * The signed-in caller as handlers and services see it: the few columns a rule needs (immich's `AuthUser`),
 * never the user entity with its password hash. The global guard builds it from the session's user row;
 * `@CurrentUser()` yields it. What a client is sent about the account is `PublicUser` (UsersService.profile).
 */
export interface AuthUser {
  readonly id: number;
  readonly email: string;
  readonly role: UserRole;
  readonly firstName: string | null;
  readonly lastName: string | null;
}

/** Exactly the AuthUser fields of a user row (whatever else the row carries stays behind). */
export function toAuthUser(user: AuthUser): AuthUser {
  return { id: user.id, email: user.email, role: user.role, firstName: user.firstName, lastName: user.lastName };
}
