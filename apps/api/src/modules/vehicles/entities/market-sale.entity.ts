import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { decimalToNumber } from '../../../infra/database/transformers';

/**
 * A past sale the market model is fitted on beside the site's live and sold listings: a sold comparable
 * that is not a listing here (imported history, such as the demo's generated sales). Written only by
 * MarketSalesService; read by the deal ratings' refit.
 */
@Entity({ name: 'market_sales' })
@Index('IDX_market_sales_sold_at', ['soldAt'])
export class MarketSaleEntity {
  @PrimaryGeneratedColumn()
  id: number;

  /** Where the sale came from (the import's source name, e.g. "demo"). */
  @Column({ type: 'varchar', length: 40 })
  source: string;

  /** Folded make and model, as the listings' makeKey and modelKey. */
  @Column({ type: 'varchar', length: 60 })
  makeKey: string;

  @Column({ type: 'varchar', length: 80 })
  modelKey: string;

  @Column({ type: 'varchar', length: 30, nullable: true })
  bodyType: string | null;

  @Column({ type: 'int' })
  year: number;

  @Column({ type: 'int' })
  mileage: number;

  @Column({ type: 'varchar', length: 20 })
  condition: string;

  @Column({ type: 'decimal', precision: 10, scale: 2, transformer: decimalToNumber })
  price: number;

  @Column({ type: 'datetime' })
  soldAt: Date;
}
