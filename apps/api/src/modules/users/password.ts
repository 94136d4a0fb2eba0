import * as argon2 from 'argon2';

/**
 * argon2id at 64 MiB, 3 passes, 4 lanes: above OWASP's Password Storage Cheat Sheet minimums for argon2id
 * (19 MiB with 2 passes, or 46 MiB with 1, one lane). Stated here rather than left to the library's defaults.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 64 * 1024, timeCost: 3, parallelism: 4 } as const;

export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, ARGON2_OPTIONS);
}

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password, verified against when the e-mail is unknown so that an unknown
 * account takes as long to refuse as a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(`decoy-${Math.random()}`);
  return decoy;
}
