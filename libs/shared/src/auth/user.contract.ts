export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The user as every answer carries it: never the password or its hash. */
export interface PublicUser {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: UserRole;
  /** Whether the address was proven by a link; until then it gets account mail only (no alerts, no notices). */
  emailVerified: boolean;
  createdAt: string;
  updatedAt: string;
}
