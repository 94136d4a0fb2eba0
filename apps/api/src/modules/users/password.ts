import * as argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3, p=4), OWASP-compliant. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, { type: argon2.argon2id });
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
