import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from '../../users';
import { VehicleEntity } from '../../vehicles';

/** A vehicle an account saved ("heart"). SavedVehiclesService is the only writer. */
@Entity({ name: 'saved_vehicles' })
export class SavedVehicleEntity {
  @PrimaryColumn({ type: 'int' })
  userId: number;

  @Index('IDX_saved_vehicles_vehicle')
  @PrimaryColumn({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_saved_vehicles_user' })
  user?: UserEntity;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_saved_vehicles_vehicle' })
  vehicle?: VehicleEntity;

  /** When it was saved, in epoch milliseconds (a datetime keeps whole seconds on SQLite: the order needs more). */
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string | number) => Number(v) } })
  savedAt: number;
}
