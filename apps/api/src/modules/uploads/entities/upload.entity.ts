import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { UserEntity } from '../../users';

/**
 * One uploaded photo (the URL of its largest size; its other files sit next to it, see `imageVariantUrls`).
 * `attachedAt` is set by the orphan job the first time it finds the photo in a listing; photos still
 * unattached UPLOAD_ORPHAN_HOURS after upload are removed with their files (a listing write attaches them at once).
 */
@Entity({ name: 'uploads' })
@Index('IDX_uploads_unattached', ['attachedAt', 'createdAt'])
export class UploadEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** The uploader; null once the account is deleted (the row stays so the job still removes the files). */
  @Index('IDX_uploads_user')
  @Column({ type: 'int', nullable: true })
  userId: number | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_uploads_user' })
  user?: UserEntity;

  /** Indexed: the listing writer asks who uploaded a photo by its URL (a listing uses only its owner's photos). */
  @Index('IDX_uploads_url')
  @Column({ type: 'varchar', length: 255 })
  url: string;

  /** Bytes of all its files (every size and format): what it holds of the user's allowance of loose photos. */
  @Column({ type: 'int' })
  bytes: number;

  @CreateDateColumn()
  createdAt: Date;

  @Column({ type: 'datetime', nullable: true })
  attachedAt: Date | null;

  /** Perceptual hash of the photo (64-bit dHash as 16 hex digits; see `perceptualHash`), null for older uploads. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  phash: string | null;
}
