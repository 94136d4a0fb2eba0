import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { AccountSession } from '@app/shared';
import Bowser from 'bowser';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { EntityManager, LessThan, MoreThan, Not, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { UserEntity } from '../users';
import { type AuthUser, toAuthUser } from './auth-user';
import { AccountTokensService } from './account-tokens.service';
import { SessionEntity } from './entities/session.entity';

/** A session's id for the account's own list: derived from its secret, which it does not reveal. */
const publicSessionId = (sid: string) => createHash('sha256').update(sid).digest('hex').slice(0, 24);

/** "Chrome on Android", from the User-Agent (bowser); "Unknown browser" without one. */
function deviceName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowserName() || 'Unknown browser';
  const os = parser.getOSName();
  return os ? `${browser} on ${os}` : browser;
}

/** Sliding expiry is written back at most this often, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

/**
 * Server-side sessions. The encrypted cookie carries only the session id; the sessions table holds the
 * session, so deleting its row (logout, purge) revokes every copy of the cookie. Ending sessions other than
 * the caller's own (`revokeOthers`, `revokeAll`, `endById`: a password change or reset, "sign out" of another
 * browser) also voids every unused e-mailed link of the account (AccountTokensService.revokeAll): whoever held
 * that session may have asked for one.
 */
@Injectable()
export class SessionService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly tokens: AccountTokensService,
  ) {}

  private get ttlMs(): number {
    return this.config.session.ttlHours * 3600 * 1000;
  }

  /** Signs the user in on a new session id (no fixation): any previous session of this cookie ends. */
  async start(request: FastifyRequest, userId: number): Promise<void> {
    const previous = request.session.get('sid');
    if (previous) await this.sessions.delete({ sid: previous });
    request.session.regenerate();
    const sid = randomBytes(32).toString('base64url');
    const now = new Date();
    const userAgent = request.headers['user-agent']?.slice(0, 300);
    await this.sessions.insert({
      sid,
      userId,
      sess: { userId, createdAt: now.toISOString(), ...(userAgent ? { userAgent } : {}) },
      expire: new Date(now.getTime() + this.ttlMs),
    });
    request.session.set('sid', sid);
  }

  /**
   * A new session cookie that signs nobody in (its id names no session): what a registration with an address
   * that has an account answers, so its cookie looks like a new account's. Any previous session of the cookie
   * ends, as with `start`.
   */
  async startNobody(request: FastifyRequest): Promise<void> {
    const previous = request.session.get('sid');
    if (previous) await this.sessions.delete({ sid: previous });
    request.session.regenerate();
    request.session.set('sid', randomBytes(32).toString('base64url'));
  }

  /** The caller of the request's session, or null when there is none or it was revoked or expired. */
  async currentUser(request: FastifyRequest): Promise<AuthUser | null> {
    const sid = request.session?.get('sid');
    if (!sid) return null;
    const row = await this.sessions
      .createQueryBuilder('s')
      .innerJoinAndMapOne('s.user', UserEntity, 'u', 'u.id = s.userId')
      .where('s.sid = :sid', { sid })
      .andWhere('s.expire > :now', { now: new Date() })
      .getOne();
    const user = (row as (SessionEntity & { user?: UserEntity }) | null)?.user;
    if (!row || !user) {
      request.session.delete();
      return null;
    }
    await this.renew(request, row);
    return toAuthUser(user);
  }

  async end(request: FastifyRequest): Promise<void> {
    const sid = request.session?.get('sid');
    if (sid) await this.sessions.delete({ sid });
    request.session?.delete();
  }

  /** Where the account is signed in, the request's own session first, then the most recently active. */
  async listFor(request: FastifyRequest, userId: number): Promise<AccountSession[]> {
    const currentSid = request.session?.get('sid');
    const rows = await this.sessions.find({ where: { userId, expire: MoreThan(new Date()) } });
    return rows
      .map((row) => ({
        id: publicSessionId(row.sid),
        device: deviceName(row.sess.userAgent),
        signedInAt: new Date(row.sess.createdAt).toISOString(),
        lastActiveAt: new Date(new Date(row.expire).getTime() - this.ttlMs).toISOString(),
        current: row.sid === currentSid,
      }))
      .sort((a, b) => Number(b.current) - Number(a.current) || b.lastActiveAt.localeCompare(a.lastActiveAt));
  }

  /** Ends one session of the account by its public id: 404 when the account has no such session. */
  async endById(userId: number, id: string): Promise<void> {
    const rows = await this.sessions.find({ select: { sid: true }, where: { userId } });
    const row = rows.find((r) => publicSessionId(r.sid) === id);
    if (!row) throw new NotFoundException('Session not found');
    await this.sessions.manager.transaction(async (manager) => {
      await manager.delete(SessionEntity, { sid: row.sid, userId });
      await this.tokens.revokeAll(manager, userId);
    });
  }

  /** Ends every session of the account but the request's own (a password change), and its links, in the caller's transaction. */
  async revokeOthers(manager: EntityManager, request: FastifyRequest, userId: number): Promise<number> {
    const currentSid = request.session?.get('sid') ?? '';
    const { affected } = await manager.delete(SessionEntity, { userId, sid: Not(currentSid) });
    await this.tokens.revokeAll(manager, userId);
    return affected ?? 0;
  }

  /** Ends every session of a user (a password reset), in the caller's transaction; answers how many. */
  async revokeAll(manager: EntityManager, userId: number): Promise<number> {
    const { affected } = await manager.delete(SessionEntity, { userId });
    await this.tokens.revokeAll(manager, userId);
    return affected ?? 0;
  }

  /** Removes expired sessions; answers how many. */
  async purgeExpired(now = new Date()): Promise<number> {
    const result = await this.sessions.delete({ expire: LessThan(now) });
    return result.affected ?? 0;
  }

  private async renew(request: FastifyRequest, row: SessionEntity): Promise<void> {
    const expire = new Date(row.expire).getTime();
    const now = Date.now();
    if (expire - now > this.ttlMs - RENEW_AFTER_MS) return;
    await this.sessions.update({ sid: row.sid }, { expire: new Date(now + this.ttlMs) });
    request.session.touch();
  }
}
