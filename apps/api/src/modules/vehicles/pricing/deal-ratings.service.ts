import { Injectable, Logger } from '@nestjs/common';
import { dealRatingOf, NO_MARKET_VALUE, type MarketValue, type VehicleMarketDto } from '@app/shared';
import { JobLockService } from '../../../infra/jobs/job-lock.service';
import { TimeSlicer } from '../../../infra/jobs/time-slice';
import { ListingReader, type PricingRow } from '../listing-reader.service';
import { ListingWriter } from '../listing-writer.service';
import { foldText } from '../vehicle-derived';
import { MarketModel, type MarketEstimate } from './market-model';
import { MarketSalesService } from './market-sales.service';

/** The refit's name in the job lock and its periods. */
const REFIT_JOB = 'deal-ratings';
/** A fitted model answers market-value questions for this long before it is fitted again. */
const MODEL_TTL_MS = 10 * 60_000;
/** An estimate that moved less than this share (and kept its basis and rating) is not written again. */
const PRICE_TOLERANCE = 0.005;

/**
 * Whether a listing's stored estimate should be replaced by a new one. Small moves are left alone: adding
 * one listing moves every estimate of its class a little (each rests on its group's sums), and rewriting
 * all of them on every refit would make the refit's writes grow with the market. An estimate is written
 * when it appears or goes, changes basis or rating, moves more than PRICE_TOLERANCE, or rests on a count
 * that moved by more than a tenth (at least 3).
 */
export function estimateChanged(row: Pick<PricingRow, 'price' | 'expectedPrice' | 'dealComparables' | 'dealBasis'>, next: MarketEstimate | null): boolean {
  const old = row.expectedPrice ?? null;
  if (next === null) return old !== null;
  if (old === null || !(old > 0)) return true;
  if (next.basis !== row.dealBasis) return true;
  if (Math.abs(next.expectedPrice - old) > old * PRICE_TOLERANCE) return true;
  const price = Number(row.price);
  if (dealRatingOf(price, next.expectedPrice) !== dealRatingOf(price, old)) return true;
  const count = row.dealComparables ?? 0;
  return Math.abs(next.comparables - count) > Math.max(2, count * 0.1);
}

/**
 * The deal ratings' refit: the market model is fitted on live and sold listings and on the imported past
 * sales (what the market asks and gets), then every live and pending listing is estimated (never from
 * itself). Only estimates that changed materially are written (estimateChanged), so a second run in a row
 * writes nothing. Runs from DealRatingsJob; the last fitted model also answers the seller form's market value.
 * Over a million listings the refit takes a while: it reads, fits and estimates giving the event loop a turn every
 * few milliseconds (TimeSlicer), and writes in short transactions, so requests and sellers' writes go on meanwhile.
 */
@Injectable()
export class DealRatingsService {
  private readonly logger = new Logger(DealRatingsService.name);
  private fitted: { model: Promise<MarketModel>; at: number } | null = null;
  /** A fit under way for currentModel, when the last one is old or missing. */
  private refitting: Promise<MarketModel> | null = null;

  constructor(
    private readonly reader: ListingReader,
    private readonly writer: ListingWriter,
    private readonly sales: MarketSalesService,
    private readonly lock: JobLockService,
  ) {}

  /** What the last refit on this instance did, and how long it took. */
  lastRefit: { rated: number; changed: number; seconds: number } | null = null;

  /** The refit on one instance at a time (staff asking for it now, an import): 'skipped' while one runs. */
  refitExclusive(): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runExclusive(REFIT_JOB, () => this.refit());
  }

  /**
   * The scheduled refit: once per `periodMs` across every instance (the first tick of the period to claim it runs
   * it; every instance's cron fires at the same minute, and each would otherwise refit in turn).
   */
  refitOncePer(periodMs: number, now = Date.now()): Promise<'ran' | 'skipped' | 'failed'> {
    return this.lock.runOncePer(REFIT_JOB, periodMs, () => this.refit(), now);
  }

  /** Answers how many listings were rated and how many estimates were written. */
  async refit(): Promise<{ rated: number; changed: number }> {
    const started = performance.now();
    const rows = await this.reader.pricingRows();
    const slicer = new TimeSlicer();
    const model = await this.fit(rows, slicer);
    this.fitted = { model: Promise.resolve(model), at: Date.now() };
    let rated = 0;
    const changed: { id: number; expectedPrice: number | null; comparables: number | null; basis: string | null }[] = [];
    for (const row of rows) {
      if (slicer.due()) await slicer.breathe();
      if (row.status === 'sold') continue;
      const estimate = model.estimate(row);
      if (estimate) rated += 1;
      if (estimateChanged(row, estimate)) changed.push({ id: row.id, expectedPrice: estimate?.expectedPrice ?? null, comparables: estimate?.comparables ?? null, basis: estimate?.basis ?? null });
    }
    await this.writer.writeMarketEstimates(changed);
    const seconds = (performance.now() - started) / 1000;
    if (changed.length > 0) this.logger.log(`Deal ratings: ${rated} listings rated (model of ${model.size} cars), ${changed.length} estimates written in ${seconds.toFixed(1)} s`);
    this.lastRefit = { rated, changed: changed.length, seconds };
    return { rated, changed: changed.length };
  }

  /** The market value of a car described by the seller's form (not a listing: nothing is left out). */
  async marketValue(query: VehicleMarketDto): Promise<MarketValue> {
    const model = await this.currentModel();
    const estimate = model.estimate({
      id: null,
      makeKey: foldText(query.make),
      modelKey: foldText(query.model),
      bodyType: query.bodyType ?? null,
      year: query.year,
      mileage: query.mileage,
      condition: query.condition,
    });
    if (!estimate) return NO_MARKET_VALUE;
    const round = (n: number) => Math.round(n / 100) * 100;
    return {
      expectedPrice: round(estimate.expectedPrice),
      low: round(estimate.expectedPrice * Math.exp(-estimate.priceSpread)),
      high: round(estimate.expectedPrice * Math.exp(estimate.priceSpread)),
      basis: estimate.basis,
      comparables: estimate.comparables,
    };
  }

  private async fit(rows: PricingRow[], slicer = new TimeSlicer()): Promise<MarketModel> {
    const history = await this.sales.pricingRows();
    return MarketModel.fit([...rows.filter((r) => r.status === 'approved' || r.status === 'sold'), ...history], slicer);
  }

  /**
   * The last refit's model on this instance, or one fitted now when there is none. An old one (another instance ran
   * the job) still answers while a new one is fitted beside it: over a million listings a fit takes many seconds, and
   * a seller's form should not wait for it.
   */
  private currentModel(): Promise<MarketModel> {
    const fitted = this.fitted;
    if (fitted && Date.now() - fitted.at <= MODEL_TTL_MS) return fitted.model;
    if (!this.refitting) {
      const model = this.reader.pricingRows().then((rows) => this.fit(rows));
      this.refitting = model;
      model.then(
        () => {
          if (this.refitting === model) this.fitted = { model, at: Date.now() };
        },
        (error: unknown) => this.logger.warn(`Market model not fitted: ${(error as Error).message}`),
      ).finally(() => {
        if (this.refitting === model) this.refitting = null;
      });
    }
    return fitted?.model ?? this.refitting!;
  }
}
