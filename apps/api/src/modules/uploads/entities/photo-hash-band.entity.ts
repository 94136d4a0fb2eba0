import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UploadEntity } from './upload.entity';

/**
 * One 16-bit quarter of an upload's perceptual hash. Two hashes within 3 bits of each other agree on at
 * least one quarter (pigeonhole), so near-duplicate candidates are found by looking up equal quarters.
 */
@Entity({ name: 'photo_hash_bands' })
export class PhotoHashBandEntity {
  @PrimaryColumn({ type: 'smallint' })
  band: number;

  @PrimaryColumn({ type: 'int' })
  value: number;

  @Index('IDX_photo_hash_bands_upload')
  @PrimaryColumn({ type: 'int' })
  uploadId: number;

  @ManyToOne(() => UploadEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'uploadId', foreignKeyConstraintName: 'FK_photo_hash_bands_upload' })
  upload?: UploadEntity;
}
