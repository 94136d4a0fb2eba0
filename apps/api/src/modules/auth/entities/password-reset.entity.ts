import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';

/**
 * A password reset link sent by e-mail. Only the SHA-256 of its token is kept (the database never holds a
 * usable link); it works once, until `expiresAt`. PasswordResetService is the only writer.
 */
@Entity({ name: 'password_resets' })
export class PasswordResetEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_password_resets_token', { unique: true })
  @Column({ type: 'varchar', length: 64 })
  tokenHash: string;

  @Index('IDX_password_resets_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_password_resets_user' })
  user?: UserEntity;

  @Column({ type: 'datetime' })
  expiresAt: Date;

  @Column({ type: 'datetime', nullable: true })
  usedAt: Date | null;

  @CreateDateColumn()
  createdAt: Date;
}
