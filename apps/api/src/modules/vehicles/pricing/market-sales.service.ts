import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, type Repository } from 'typeorm';
import type { MarketSaleDto } from '@app/shared';
import { MarketSaleEntity } from '../entities/market-sale.entity';
import { foldText } from '../vehicle-derived';
import type { PricingListing } from './market-model';

/** Past sales older than this are left out of the market model (prices move). */
export const MARKET_HISTORY_DAYS = 730;

/** The one writer and reader of `market_sales`: the market model's imported sold comparables. */
@Injectable()
export class MarketSalesService {
  constructor(@InjectRepository(MarketSaleEntity) private readonly sales: Repository<MarketSaleEntity>) {}

  /** Writes checked sales (a bundle's market history), 500 a statement; answers how many. */
  async importSales(source: string, sales: readonly MarketSaleDto[]): Promise<number> {
    const rows = sales.map((s) => ({
      source: source.slice(0, 40),
      makeKey: foldText(s.make),
      modelKey: foldText(s.model),
      bodyType: s.bodyType ?? null,
      year: s.year,
      mileage: s.mileage,
      condition: s.condition,
      price: s.price,
      soldAt: new Date(s.soldAt),
    }));
    for (let from = 0; from < rows.length; from += 500) await this.sales.insert(rows.slice(from, from + 500));
    return rows.length;
  }

  /** The sales of the last MARKET_HISTORY_DAYS days, as the market model reads them. */
  async pricingRows(now = new Date()): Promise<PricingListing[]> {
    const rows = await this.sales.find({
      select: { makeKey: true, modelKey: true, bodyType: true, year: true, mileage: true, condition: true, price: true },
      where: { soldAt: MoreThanOrEqual(new Date(now.getTime() - MARKET_HISTORY_DAYS * 86_400_000)) },
    });
    return rows.map((r) => ({ id: null, makeKey: r.makeKey, modelKey: r.modelKey, bodyType: r.bodyType, year: r.year, mileage: r.mileage, condition: r.condition, price: r.price }));
  }
}
