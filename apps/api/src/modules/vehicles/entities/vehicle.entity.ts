import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { ListingStatus } from '@app/shared';
import { decimalToNumber } from '../../../infra/database/transformers';
import { UserEntity } from '../../users/entities/user.entity';

@Entity({ name: 'vehicles' })
@Index('IDX_vehicles_status_created', ['status', 'createdAt'])
@Index('IDX_vehicles_make_model', ['make', 'model'])
export class VehicleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Index('IDX_vehicles_user')
  @Column({ type: 'int' })
  userId: number;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'userId', foreignKeyConstraintName: 'FK_vehicles_user' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 60 })
  make: string;

  @Column({ type: 'varchar', length: 80 })
  model: string;

  @Index('IDX_vehicles_year')
  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  trim: string | null;

  @Index('IDX_vehicles_mileage')
  @Column({ type: 'int' })
  mileage: number;

  @Index('IDX_vehicles_price')
  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  price: number;

  @Column({ type: 'varchar', length: 20 })
  condition: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  bodyType: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  fuelType: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  transmission: string | null;

  @Column({ type: 'varchar', length: 30, nullable: true })
  drivetrain: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  exteriorColor: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  interiorColor: string | null;

  /** Shown in the admin approved table; kept in step with exteriorColor unless set on its own. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  color: string | null;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'simple-json' })
  features: string[];

  @Column({ type: 'simple-json' })
  images: string[];

  @Column({ type: 'int', default: 0 })
  coverPhotoIndex: number;

  @Column({ type: 'varchar', length: 200 })
  location: string;

  @Column({ type: 'varchar', length: 10 })
  zipCode: string;

  /** From the ZIP code's centroid when the listing is saved; used by radius search. */
  @Column({ type: 'double', nullable: true })
  latitude: number | null;

  @Column({ type: 'double', nullable: true })
  longitude: number | null;

  @Column({ type: 'varchar', length: 30 })
  contactPhone: string;

  @Column({ type: 'varchar', length: 254 })
  contactEmail: string;

  @Column({ type: 'varchar', length: 60, nullable: true })
  contactFirstName: string | null;

  @Column({ type: 'varchar', length: 60, nullable: true })
  contactLastName: string | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  contactLocation: string | null;

  /** Internal (admin only): never in public answers. */
  @Column({ type: 'varchar', length: 17 })
  vin: string;

  /** Internal (admin only). */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  carfaxReportUrl: string | null;

  /** Internal (admin only). */
  @Column({ type: 'simple-json' })
  recentServices: string[];

  @Column({ type: 'varchar', length: 100, nullable: true })
  engine: string | null;

  @Column({ type: 'int', nullable: true })
  mpgCity: number | null;

  @Column({ type: 'int', nullable: true })
  mpgHighway: number | null;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status: ListingStatus;

  @Column({ type: 'int', default: 0 })
  views: number;

  @Column({ type: 'boolean', default: false })
  isFeatured: boolean;

  @CreateDateColumn()
  createdAt: Date;

  @UpdateDateColumn()
  updatedAt: Date;
}
