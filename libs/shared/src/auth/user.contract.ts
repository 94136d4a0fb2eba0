/** user: buyers and sellers; associate: staff who work buyer leads (the desk) and read listings; admin: everything. */
export const USER_ROLES = ['user', 'associate', 'admin'] as const;
/** Roles an admin grants to an existing account (POST /api/admin/staff). */
export const STAFF_ROLES = ['associate', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
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
