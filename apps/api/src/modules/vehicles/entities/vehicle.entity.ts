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
import { UserEntity } from '../../users';
import { UNRATED_DEAL_RANK } from '../pricing/market-columns';

/**
 * The columns of IDX_vehicles_public_counts: every column a search filters on or counts by, except free text
 * (keywords, features, place) and the position, so a count of public listings is read from the index alone.
 * The migration that creates it (1796700000007-search-indexes.ts) names the same columns.
 */
export const PUBLIC_COUNTS_COLUMNS = [
  'isPublic',
  'makeKey',
  'modelKey',
  'bodyType',
  'fuelType',
  'price',
  'year',
  'mileage',
  'condition',
  'transmission',
  'drivetrain',
  'color',
  'interiorColorFamily',
  'dealRank',
  'make',
  'model',
] as const;

/**
 * Search indexes all start with isPublic (for sale: status approved; sold listings leave the results), then the sort column and the
 * id, the tie-breaker of every sort (InnoDB and SQLite indexes end with the primary key anyway), so a public
 * search reads one index range in the order it answers. The page indexes then hold the columns the common
 * filters compare (1796940000001-covering-search-indexes.ts): a page checks them on index entries and reads
 * the rows of its own listings only.
 */
@Entity({ name: 'vehicles' })
@Index('IDX_vehicles_status_created', ['status', 'createdAt'])
@Index('IDX_vehicles_featured', ['status', 'isFeatured', 'createdAt'])
// Newest first (the default order) also holds each listing's position: a radius search walks it on index entries.
@Index('IDX_vehicles_public_created', ['isPublic', 'createdAt', 'id', 'price', 'year', 'mileage', 'bodyType', 'fuelType', 'latBand', 'longitude', 'latitude'])
@Index('IDX_vehicles_public_price', ['isPublic', 'price', 'id', 'year', 'mileage', 'bodyType', 'makeKey'])
@Index('IDX_vehicles_public_year', ['isPublic', 'year', 'id', 'price', 'mileage', 'bodyType', 'makeKey'])
@Index('IDX_vehicles_public_mileage', ['isPublic', 'mileage', 'id', 'price', 'year', 'bodyType', 'makeKey'])
@Index('IDX_vehicles_public_views', ['isPublic', 'views'])
@Index('IDX_vehicles_public_make_created', ['isPublic', 'makeKey', 'createdAt', 'id', 'price', 'year', 'mileage', 'bodyType', 'fuelType'])
@Index('IDX_vehicles_public_make_model_created', ['isPublic', 'makeKey', 'modelKey', 'createdAt'])
@Index('IDX_vehicles_public_body', ['isPublic', 'bodyType', 'createdAt', 'id', 'year', 'price', 'mileage'])
@Index('IDX_vehicles_public_fuel', ['isPublic', 'fuelType'])
@Index('IDX_vehicles_public_geo', ['isPublic', 'latBand', 'longitude', 'latitude', 'createdAt', 'price'])
@Index('IDX_vehicles_public_reduced', ['isPublic', 'priceReducedAt'])
@Index('IDX_vehicles_public_deal', ['isPublic', 'dealRank'])
// The counts of a search (its total and facets) read this one index and never a row, whatever filters of
// these columns it has (search-filters.ts countIndex); make and model are there for the facets' labels.
@Index('IDX_vehicles_public_counts', [...PUBLIC_COUNTS_COLUMNS])
// Keyword search: FULLTEXT (searchText) on MariaDB/MySQL; SQLite has the FTS5 table vehicles_fts instead
// (search/keyword-match.ts), so the migration creates it per engine and the schema sync leaves it alone.
@Index('IDX_vehicles_keywords', { synchronize: false })
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

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'varchar', length: 100, nullable: true })
  trim: string | null;

  @Column({ type: 'int' })
  mileage: number;

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

  /** The exterior colour's family (a COLORS slug, chosen or derived from exteriorColor): search filters on it. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  color: string | null;

  /** The interior colour's family (chosen or derived from interiorColor). */
  @Column({ type: 'varchar', length: 20, nullable: true })
  interiorColorFamily: string | null;

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

  /** latitudeBand(latitude) (infra/geo/radius.ts): radius search reads a longitude range per band. */
  @Column({ type: 'int', nullable: true })
  latBand: number | null;

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

  // Lifecycle (lifecycle/lifecycle-columns.ts): kept by the ListingWriter, never sent by a client.

  /** When the listing first went live (approved); days on market count from here. */
  @Column({ type: 'datetime', nullable: true })
  publishedAt: Date | null;

  @Column({ type: 'datetime', nullable: true })
  soldAt: Date | null;

  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: decimalToNumber })
  soldPrice: number | null;

  /** The seller agreed to show the sold price publicly. */
  @Column({ type: 'boolean', default: false })
  soldPriceShown: boolean;

  /** Why staff rejected the listing (REJECTION_REASONS) and their note; cleared when it leaves rejected. */
  @Column({ type: 'varchar', length: 40, nullable: true })
  rejectionReason: string | null;

  @Column({ type: 'text', nullable: true })
  rejectionNote: string | null;

  /** The latest price reduction (cleared by a later increase): "Price drop" labels, "Recently reduced" sort. */
  @Column({ type: 'datetime', nullable: true })
  priceReducedAt: Date | null;

  /** The price before that reduction. */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: decimalToNumber })
  priceReducedFrom: number | null;

  // Market (pricing/deal-ratings.service.ts): the scheduled estimate from comparable listings, written
  // through the ListingWriter's market write; dealScore and dealRating follow the price on every write.

  /** The market price estimated from comparable listings (null: too few comparables). */
  @Column({ type: 'decimal', precision: 10, scale: 2, nullable: true, transformer: decimalToNumber })
  expectedPrice: number | null;

  @Column({ type: 'int', nullable: true })
  dealComparables: number | null;

  /** What the estimate rests on (a MarketBasis: the model's comparables, its class or the market); null without one. */
  @Column({ type: 'varchar', length: 8, nullable: true })
  dealBasis: string | null;

  /** (price − expectedPrice) / expectedPrice: "Best deals first" sorts on it, "Good deals" filters on it. */
  @Column({ type: 'double', nullable: true })
  dealScore: number | null;

  /** dealScore, or UNRATED_DEAL_RANK when unrated: the index-readable key of "Best deals first" and "Good deals". */
  @Column({ type: 'double', default: UNRATED_DEAL_RANK })
  dealRank: number;

  @Column({ type: 'varchar', length: 12, nullable: true })
  dealRating: string | null;

  // Derived columns (vehicle-derived.ts), set from the fields above by the ListingWriter on every write.

  /** Folded make ("mercedes-benz"): case-insensitive make filter through an index, alike on both engines. */
  @Column({ type: 'varchar', length: 60, default: '' })
  makeKey: string;

  @Column({ type: 'varchar', length: 80, default: '' })
  modelKey: string;

  /** Folded make, model, trim, description, features, body type, fuel, transmission and drivetrain: the keyword search reads this one column. */
  @Column({ type: 'text', nullable: true })
  searchText: string | null;

  /** Folded features between bars ("|heated seats|sunroof|"): the features filter matches whole entries. */
  @Column({ type: 'text', nullable: true })
  featureKeys: string | null;

  /** DERIVATION_VERSION of the derived columns above: older rows are derived again at start. */
  @Column({ type: 'int', default: 0 })
  derivedVersion: number;

  /** status is approved or sold: the listing is seen by anyone (search, detail). */
  @Column({ type: 'boolean', default: false })
  isPublic: boolean;

  /**
   * The change-log id (data_changes) of the write that last changed this listing, stamped by the
   * ListingWriter in the write's transaction: an API instance holding the search counts of every change up
   * to a log id reads only the listings changed after it (search/search-counts.service.ts).
   */
  @Index('IDX_vehicles_changed_in_version')
  @Column({ type: 'int', default: 0 })
  changedInVersion: number;

  @CreateDateColumn()
  createdAt: Date;

  @UpdateDateColumn()
  updatedAt: Date;
}
