import { BadRequestException, Injectable } from '@nestjs/common';
import { RESET_LINK_INVALID } from '@app/shared';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, IsNull, MoreThan } from 'typeorm';
import { AccountTokenEntity, type AccountTokenPurpose } from './entities/account-token.entity';
import { sqlEngineOf } from '../../infra/database/sql-engine';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The one writer of account_tokens: links e-mailed to act on an account once. A token is 32 random bytes
 * (base64url) of which only the SHA-256 is stored.
 */
@Injectable()
export class AccountTokensService {
  /**
   * Issues a token in the caller's transaction, unless the account was sent `perHour` of this purpose in
   * the last hour (null then): nobody can fill a stranger's inbox. The account's row is locked while
   * counting, so requests at the same moment count one at a time (SQLite writes one at a time anyway).
   */
  async issue(
    manager: EntityManager,
    purpose: AccountTokenPurpose,
    userId: number,
    { ttlMinutes, perHour, newEmail = null }: { ttlMinutes: number; perHour: number; newEmail?: string | null },
  ): Promise<string | null> {
    if (sqlEngineOf(manager.connection) !== 'sqlite') await manager.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
    const recent = await manager.countBy(AccountTokenEntity, { userId, purpose, createdAt: MoreThan(new Date(Date.now() - 3_600_000)) });
    if (recent >= perHour) return null;
    const token = randomBytes(32).toString('base64url');
    await manager.insert(AccountTokenEntity, { purpose, tokenHash: hashToken(token), userId, newEmail, expiresAt: new Date(Date.now() + ttlMinutes * 60_000), usedAt: null });
    return token;
  }

  /** The unused, unexpired token of this purpose, with its account, or null. Nothing is written. */
  find(manager: EntityManager, purpose: AccountTokenPurpose, token: string): Promise<AccountTokenEntity | null> {
    return manager.findOne(AccountTokenEntity, {
      where: { purpose, tokenHash: hashToken(token), usedAt: IsNull(), expiresAt: MoreThan(new Date()) },
      relations: { user: true },
    });
  }

  /**
   * Voids every unused token of the account, whatever its purpose, in the caller's transaction: called on every
   * change of who can act for the account (a password change or reset, an e-mail change, another session
   * signed out), so a link mailed before it (to an attacker's address, or to the old one) no longer works.
   * Answers how many were voided.
   */
  async revokeAll(manager: EntityManager, userId: number): Promise<number> {
    const { affected } = await manager.update(AccountTokenEntity, { userId, usedAt: IsNull() }, { usedAt: new Date() });
    return affected ?? 0;
  }

  /**
   * Uses the token in the caller's transaction, and with it every other unused token of the account of this
   * purpose: 400 `invalid` when it was used meanwhile (two uses at the same moment: one wins).
   */
  async redeem(manager: EntityManager, token: AccountTokenEntity, invalid = RESET_LINK_INVALID): Promise<void> {
    const now = new Date();
    const { affected } = await manager.update(AccountTokenEntity, { id: token.id, usedAt: IsNull() }, { usedAt: now });
    if (!affected) throw new BadRequestException(invalid);
    await manager.update(AccountTokenEntity, { userId: token.userId, purpose: token.purpose, usedAt: IsNull() }, { usedAt: now });
  }
}
