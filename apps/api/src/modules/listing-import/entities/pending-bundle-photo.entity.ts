import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { VehicleEntity } from '../../vehicles';

/**
 * A photo of an imported listing that its bundle had not finished writing (ListingBundle.photosPending):
 * attached, in order, once its files are whole. BundlePhotoFollower is the only writer.
 */
@Entity({ name: 'pending_bundle_photos' })
@Index('IDX_pending_bundle_photos_vehicle', ['vehicleId', 'position'], { unique: true })
export class PendingBundlePhotoEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_pending_bundle_photos_vehicle' })
  vehicle?: VehicleEntity;

  /** The photo's place among the listing's photos. */
  @Column({ type: 'int' })
  position: number;

  /** Who the stored photo belongs to (the listing's owner). */
  @Column({ type: 'int' })
  ownerId: number;

  /** The bundle folder, as the import was given it. */
  @Column({ type: 'varchar', length: 1000 })
  bundleDir: string;

  /** The photo's `file` in the bundle (`photos/00-3`). */
  @Column({ type: 'varchar', length: 255 })
  file: string;

  /** The import's source name (`demo`), for the listing write. */
  @Column({ type: 'varchar', length: 100 })
  source: string;
}
