import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { MailAddress } from '../mail-transport';

export type OutboxStatus = 'pending' | 'sent' | 'failed';

/**
 * An e-mail waiting to be sent, sent, or given up on. Written in the transaction of the change that causes
 * it (so a change never commits without its e-mail, nor an e-mail without its change); MailOutbox is the
 * only writer.
 */
@Entity({ name: 'mail_outbox' })
@Index('IDX_mail_outbox_due', ['status', 'nextAttemptAt'])
export class MailOutboxEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** What the e-mail is (staff-inquiry, listing-rejected, …): for the admin list, logs and metrics. */
  @Column({ type: 'varchar', length: 40 })
  kind: string;

  @Column({ type: 'varchar', length: 254 })
  recipient: string;

  @Column({ type: 'varchar', length: 250 })
  subject: string;

  @Column({ type: 'text' })
  text: string;

  @Column({ type: 'text', nullable: true })
  html: string | null;

  @Column({ type: 'simple-json', nullable: true })
  replyTo: MailAddress | null;

  @Column({ type: 'simple-json', nullable: true })
  headers: Record<string, string> | null;

  @Column({ type: 'varchar', length: 10, default: 'pending' })
  status: OutboxStatus;

  @Column({ type: 'int', default: 0 })
  attempts: number;

  @Column({ type: 'datetime' })
  nextAttemptAt: Date;

  @Column({ type: 'varchar', length: 500, nullable: true })
  lastError: string | null;

  @Column({ type: 'datetime', nullable: true })
  sentAt: Date | null;

  @CreateDateColumn()
  createdAt: Date;
}
