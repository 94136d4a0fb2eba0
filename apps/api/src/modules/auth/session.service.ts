import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import { EntityManager, LessThan, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../infra/config/app-config';
import { UserEntity } from '../users/entities/user.entity';
import { SessionEntity } from './entities/session.entity';

/** Sliding expiry is written back at most this often, not on every request. */
const RENEW_AFTER_MS = 60 * 60 * 1000;

/**
 * Server-side sessions. The encrypted cookie carries only the session id; the sessions table holds the
 * session, so deleting its row (logout, purge) revokes every copy of the cookie.
 */
@Injectable()
export class SessionService {
  constructor(
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
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
    await this.sessions.insert({
      sid,
      userId,
      sess: { userId, createdAt: now.toISOString() },
      expire: new Date(now.getTime() + this.ttlMs),
    });
    request.session.set('sid', sid);
  }

  /** The user of the request's session, or null when there is none or it was revoked or expired. */
  async currentUser(request: FastifyRequest): Promise<UserEntity | null> {
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
    return user;
  }

  async end(request: FastifyRequest): Promise<void> {
    const sid = request.session?.get('sid');
    if (sid) await this.sessions.delete({ sid });
    request.session?.delete();
  }

  /** Ends every session of a user (a password reset), in the caller's transaction; answers how many. */
  async revokeAll(manager: EntityManager, userId: number): Promise<number> {
    const { affected } = await manager.delete(SessionEntity, { userId });
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
