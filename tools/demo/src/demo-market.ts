import { CONDITIONS, type MarketSaleDto } from '@app/shared';
import { DEMO_MODELS } from './demo-catalog';
import { demoMarketPrice, prng } from './demo-listings';

/** Past sales per demo model: enough that every model's market is known, as on a site that has traded for a while. */
const SALES_PER_MODEL = 80;
/** Spread of a sale's price around the typical price (log scale). */
const SALE_NOISE = 0.06;
/** Sales happened over the last 18 months. */
const HISTORY_DAYS = 540;

/**
 * The demo's market history: about 3,000 generated past sales of the demo models (years from two before
 * the listings' first to their last, mileage and condition as people sell them), priced by the same market
 * function as the demo listings with log-normal noise. Imported as the market model's sold comparables,
 * so the demo's cars are rated as they would be on a site with a trading history.
 */
export function buildMarketHistory(now: Date): MarketSaleDto[] {
  const random = prng(29_2026);
  const normal = () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
  const currentYear = now.getFullYear();
  const sales: MarketSaleDto[] = [];
  for (const model of DEMO_MODELS) {
    for (let k = 0; k < SALES_PER_MODEL; k++) {
      const year = model.years[0] - 2 + Math.floor(random() * (model.years[1] - model.years[0] + 3));
      const age = Math.max(0, currentYear - year);
      const mileage = Math.round((age * 11000 * (0.5 + random()) + random() * 8000 + 500) / 10) * 10;
      const condition = mileage < 25000 ? 'excellent' : (CONDITIONS[Math.min(CONDITIONS.length - 1, Math.floor(random() ** 1.5 * 4))] as string);
      const price = Math.round((demoMarketPrice(model, age, mileage, condition) * Math.exp(SALE_NOISE * normal())) / 100) * 100;
      const soldAt = new Date(now.getTime() - Math.floor(random() * HISTORY_DAYS * 86_400_000));
      sales.push({ make: model.make, model: model.model, year, mileage, condition, bodyType: model.bodyType, price: Math.max(3000, price), soldAt: soldAt.toISOString() });
    }
  }
  return sales;
}
