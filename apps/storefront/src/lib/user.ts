import type { PublicUser } from '@app/shared';

/** "First Last", or the e-mail address when the account has no name. */
export function displayName(user: PublicUser): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

export function initials(user: PublicUser): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((n) => (n as string).charAt(0));
  return (letters.join('') || user.email.charAt(0)).toUpperCase();
}
