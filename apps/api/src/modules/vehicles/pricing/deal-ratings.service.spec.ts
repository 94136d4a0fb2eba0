import type { JobLockService } from '../../../infra/jobs/job-lock.service';
import type { ListingReader, PricingRow } from '../listing-reader.service';
import type { ListingWriter } from '../listing-writer.service';
import { DealRatingsService } from './deal-ratings.service';
import type { MarketSalesService } from './market-sales.service';

/** Thirty Camrys around the given price: enough comparables for a market value. */
const camrys = (price: number): PricingRow[] =>
  Array.from({ length: 30 }, (_, i) => ({
    id: i + 1,
    status: 'approved',
    makeKey: 'toyota',
    modelKey: 'camry',
    bodyType: 'sedan',
    year: 2020 + (i % 4),
    mileage: 20_000 + i * 1_000,
    condition: 'excellent',
    price: price + (i % 5) * 300,
    expectedPrice: null,
    dealComparables: null,
    dealBasis: null,
  }));

describe('DealRatingsService.marketValue', () => {
  const form = { make: 'Toyota', model: 'Camry', bodyType: 'sedan', year: 2022, mileage: 25_000, condition: 'excellent' };

  it('answers from the model it has while an old one is fitted again beside it, then from the new one', async () => {
    let rows = camrys(20_000);
    let reads = 0;
    let release: () => void = () => {};
    let held = false;
    const reader = {
      pricingRows: async () => {
        reads += 1;
        if (held) await new Promise<void>((resolve) => (release = resolve));
        return rows;
      },
    } as unknown as ListingReader;
    const sales = { pricingRows: async () => [] } as unknown as MarketSalesService;
    const service = new DealRatingsService(reader, {} as ListingWriter, sales, {} as JobLockService);
    const now = jest.spyOn(Date, 'now');
    try {
      now.mockReturnValue(1_000_000);
      const first = await service.marketValue(form);
      expect(first.expectedPrice).toBeGreaterThan(15_000);
      expect(reads).toBe(1);

      // Eleven minutes on, the market has doubled; the new fit is slow. The old value answers at once.
      now.mockReturnValue(1_000_000 + 11 * 60_000);
      rows = camrys(40_000);
      held = true;
      expect(await service.marketValue(form)).toEqual(first);
      expect(await service.marketValue(form)).toEqual(first);
      expect(reads).toBe(2);
      release();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await service.marketValue(form)).expectedPrice).toBeGreaterThan(first.expectedPrice! * 1.5);
      expect(reads).toBe(2);
    } finally {
      now.mockRestore();
    }
  });
});
