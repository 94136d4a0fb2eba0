/**
 * The marks route decorators leave on an operation of the API document. Kept apart from the document's
 * builder (openapi.ts, which loads the generated map of every controller) so that decorators used by those
 * controllers import no controller back.
 */

/** Set by `@Public()` on an operation: it answers visitors (no session needed). */
export const PUBLIC_EXTENSION = 'x-public';
/** Set by `@Roles(...)`: the roles the operation needs (403 for anyone else signed in). */
export const ROLES_EXTENSION = 'x-roles';
