import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users';

/** What an account token lets its holder do once. */
export type AccountTokenPurpose = 'password-reset' | 'email-change' | 'email-verify';

/**
 * A link sent by e-mail to act on an account once: choose a new password, confirm a new e-mail address
 * (`newEmail`), or verify the address a new account registered with. Only the SHA-256 of its token is kept (the database never holds a usable link); it works
 * once, until `expiresAt`. AccountTokensService is the only writer.
 */
@Entity({ name: 'account_tokens' })
@Index('IDX_account_tokens_user', ['userId', 'purpose'])
export class AccountTokenEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 20 })
  purpose: AccountTokenPurpose;

  @Index('IDX_account_tokens_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_account_tokens_user' })
  user?: UserEntity;

  /** email-change: the address the link confirms. */
  @Column({ type: 'varchar', length: 254, nullable: true })
  newEmail: string | null;

  @Column({ type: 'datetime' })
  expiresAt: Date;

  @Column({ type: 'datetime', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn()
  createdAt: Date;
}
