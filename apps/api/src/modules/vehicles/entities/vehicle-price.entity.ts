import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { decimalToNumber } from '../../../infra/database/transformers';
import { VehicleEntity } from './vehicle.entity';

/** One price of a listing, from `changedAt` on: written when a listing is created and on every price change. */
@Entity({ name: 'vehicle_prices' })
@Index('IDX_vehicle_prices_vehicle', ['vehicleId', 'id'])
export class VehiclePriceEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  vehicleId: number;

  @ManyToOne(() => VehicleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'vehicleId', foreignKeyConstraintName: 'FK_vehicle_prices_vehicle' })
  vehicle?: VehicleEntity;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  price: number;

  @CreateDateColumn()
  changedAt: Date;
}
