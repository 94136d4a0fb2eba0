// Bounds of account fields, shared by the forms and the API's DTOs (auth.dto.ts, account.dto.ts): a module without
// decorators, so a page that shows a bound does not bring class-validator with it.
export const PASSWORD_MIN_LENGTH = 6;
/** argon2 takes any length; a bound keeps hashing cost predictable. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 60;
export const EMAIL_MAX_LENGTH = 254;
