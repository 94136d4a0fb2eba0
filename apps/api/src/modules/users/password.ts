import * as argon2 from 'argon2';
import type { PasswordHashCost } from '../../infra/config/app-config';

/** argon2id with 4 lanes at the configured cost (config.passwordHash; production: PRODUCTION_PASSWORD_HASH_COST). */
export function argon2Options(cost: PasswordHashCost) {
  return { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 4 } as const;
}

export function hashPassword(plain: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(plain, argon2Options(cost));
}

/** Checks against the parameters the hash carries, so hashes made at another cost keep verifying. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

/**
 * A real hash of a random password at the configured cost, verified against when the e-mail is unknown so that
 * an unknown account takes as long to refuse as a wrong password (no account enumeration by timing).
 */
const decoys = new Map<string, Promise<string>>();
export function decoyHash(cost: PasswordHashCost): Promise<string> {
  const key = `${cost.memoryKib}:${cost.passes}`;
  let decoy = decoys.get(key);
  if (!decoy) {
    decoy = hashPassword(`decoy-${Math.random()}`, cost);
    decoys.set(key, decoy);
  }
  return decoy;
}
