import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export interface SessionData {
  userId: number;
  createdAt: string;
  /** The browser's User-Agent when signing in (shortened), to name the session in the profile's list. */
  userAgent?: string;
}

/** Server-side session: the cookie carries only `sid`, so deleting the row revokes the session. */
@Entity({ name: 'sessions' })
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  sid: string;

  @Column({ type: 'simple-json' })
  sess: SessionData;

  @Index('IDX_sessions_expire')
  @Column({ type: 'datetime' })
  expire: Date;

  /** Denormalised from `sess` so all sessions of a user can be revoked at once. */
  @Index('IDX_sessions_user')
  @Column({ type: 'int' })
  userId: number;
}
