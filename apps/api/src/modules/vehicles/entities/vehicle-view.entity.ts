import { Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { VehicleEntity } from './vehicle.entity';

/** One row per listing, visitor and UTC day: a view counts once per visitor per day. Purged daily. */
@Entity({ name: 'vehicle_views' })
export class VehicleViewEntity {
  @PrimaryColumn({ type: 'int' })
  vehicleId: number;

  /** The cm_vid cookie's value (infra/http/visitor-id.ts). */
  @PrimaryColumn({ type: 'varchar', length: 32 })
  visitorId: string;

  /** UTC day, YYYY-MM-DD. */
  @Index('IDX_vehicle_views_day')
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day: string;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_vehicle_views_vehicle' })
  vehicle?: VehicleEntity;
}
