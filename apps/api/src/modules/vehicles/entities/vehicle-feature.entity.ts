import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { VehicleEntity } from './vehicle.entity';

/**
 * One row per listing and feature (its featureKey): what the search's feature filter counts by, as a set of
 * listing ids, so a count never reads a listing's row to look for its features (search/feature-index.ts).
 * Written only by the listing writer, in the transaction of the listing's write.
 */
@Entity({ name: 'vehicle_features' })
export class VehicleFeatureEntity {
  @PrimaryColumn({ type: 'varchar', length: 160 })
  featureKey: string;

  @Index('IDX_vehicle_features_vehicle')
  @PrimaryColumn({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_vehicle_features_vehicle' })
  vehicle?: VehicleEntity;
}
