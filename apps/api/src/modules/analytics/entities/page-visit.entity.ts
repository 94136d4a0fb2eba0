import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** One page view. `sessionId` is the visitor id of the first-party visitor cookie. */
@Entity({ name: 'page_visits' })
@Index('IDX_page_visits_session_time', ['sessionId', 'timestamp'])
export class PageVisitEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64 })
  sessionId: string;

  @Column({ type: 'int', nullable: true })
  userId: number | null;

  /** Truncated before storage (IPv4 /24, IPv6 /48). */
  @Column({ type: 'varchar', length: 64, nullable: true })
  ipAddress: string | null;

  @Column({ type: 'varchar', length: 512, nullable: true })
  userAgent: string | null;

  @Column({ type: 'varchar', length: 512 })
  page: string;

  @Index('IDX_page_visits_time')
  @Column({ type: 'datetime' })
  timestamp: Date;
}
