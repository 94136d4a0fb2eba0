import * as argon2 from 'argon2';
import type { PasswordHashCost } from '../../infra/config/app-config';

/** argon2id with 4 lanes at the configured cost (config.passwordHash; production: PRODUCTION_PASSWORD_HASH_COST). */
export function argon2Options(cost: PasswordHashCost) {
  return { type: argon2.argon2id, memoryCost: cost.memoryKib, timeCost: cost.passes, parallelism: 4 } as const;
}

export function hashPassword(plain: string, cost: PasswordHashCost): Promise<string> {
  return argon2.hash(plain, argon2Options(cost));
}

/**
 * What an account made without a password stores (an imported seller's, an associate's of the demo): not a hash,
 * so no password matches it; a password reset gives the account one. Hashing a random password instead cost
 * 175 ms of CPU an account (the demo's first listings waited for four of them).
 */
export const NO_PASSWORD = '!none';

/**
 * Checks against the parameters the hash carries, so hashes made at another cost keep verifying. A stored value
 * that is not a hash (NO_PASSWORD, or damaged) matches nothing, after the same work as a wrong password (the
 * decoy at `cost`): how long a refusal takes tells nobody which accounts have no password.
 */
export async function verifyPassword(hash: string, plain: string, cost: PasswordHashCost): Promise<boolean> {
  if (!hash.startsWith('$argon2')) {
    await argon2.verify(await decoyHash(cost), plain).catch(() => false);
    return false;
  }
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
