import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A visit: page views of one visitor with no gap over 30 minutes, rolled up from page_visits.
 * `sessionId` is `<visitorId>:<first view, epoch seconds>`; the visit belongs to the day it started.
 */
@Entity({ name: 'visitor_sessions' })
@Index('IDX_visitor_sessions_visitor', ['visitorId', 'lastVisit'])
export class VisitorSessionEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_visitor_sessions_session', { unique: true })
  @Column({ type: 'varchar', length: 100 })
  sessionId: string;

  /** The visitor cookie's id (page_visits.sessionId). */
  @Column({ type: 'varchar', length: 64 })
  visitorId: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Index('IDX_visitor_sessions_first')
  @Column({ type: 'datetime' })
  firstVisit: Date;

  @Column({ type: 'datetime' })
  lastVisit: Date;

  @Column({ type: 'int', default: 1 })
  pageViews: number;

  /** Seconds from the first to the last page view. */
  @Column({ type: 'int', default: 0 })
  totalDuration: number;
}
