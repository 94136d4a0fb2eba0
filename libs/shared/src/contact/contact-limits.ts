import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH } from '../auth/auth-limits';

// The contact form's bounds and reply promise, shared by the listing page, the FAQ and the DTO
// (contact-message.dto.ts): a module without decorators, so those pages do not bring class-validator with them.

/** Bounds of the contact form (SPEC.md sections 3 and 5), shared by the form and the API. */
export const CONTACT_LIMITS = {
  nameMaxLength: NAME_MAX_LENGTH,
  senderNameMaxLength: 2 * NAME_MAX_LENGTH + 10,
  emailMaxLength: EMAIL_MAX_LENGTH,
  phoneMaxLength: 30,
  subjectMaxLength: 200,
  messageMaxLength: 5000,
  /** Messages one address may send per hour (429 beyond). */
  perAddressPerHour: 10,
} as const;

/**
 * What a buyer is promised about the reply, in one place: the form's confirmation, the FAQ, and the staff
 * e-mail of each message (which asks for the answer within `hours`).
 */
export const CONTACT_REPLY = { promise: 'usually within a few hours', hours: 4 } as const;
