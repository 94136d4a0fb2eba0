import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { UserRole } from '@app/shared';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Stored lowercased: uniqueness is case-insensitive on both engines. */
  @Index('IDX_users_email', { unique: true })
  @Column({ type: 'varchar', length: 254 })
  email: string;

  /** argon2id hash; never leaves the API (see toPublicUser). */
  @Column({ type: 'varchar', length: 255, select: false })
  password: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  firstName: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  lastName: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  profileImageUrl: string | null;

  /**
   * When the address was proven (its verification, reset or e-mail-change link followed); null until then.
   * An unverified address gets account mail only (MailOutbox's recipient rule).
   */
  @Column({ type: 'datetime', nullable: true })
  emailVerifiedAt: Date | null;

  @Column({ type: 'varchar', length: 20, default: 'user' })
  role: UserRole;

  @CreateDateColumn()
  createdAt: Date;

  @UpdateDateColumn()
  updatedAt: Date;
}
