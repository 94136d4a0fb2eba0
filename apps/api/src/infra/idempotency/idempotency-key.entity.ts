import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A client's Idempotency-Key on a request that creates something: the first request's fingerprint and, once
 * it succeeded, its answer, replayed to a retry with the same key and body for 24 hours.
 */
@Entity({ name: 'idempotency_keys' })
@Index('IDX_idempotency_keys_user_key', ['userId', 'key'], { unique: true })
export class IdempotencyKeyEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  userId: number;

  @Column({ type: 'varchar', length: 100 })
  key: string;

  /** SHA-256 of method, path and body. */
  @Column({ type: 'varchar', length: 64 })
  requestHash: string;

  /** The first answer's JSON; null while the first request is still being handled. */
  @Column({ type: 'text', nullable: true })
  response: string | null;

  @Index('IDX_idempotency_keys_created')
  @CreateDateColumn()
  createdAt: Date;
}
