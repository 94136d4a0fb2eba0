import { bodyClassOf } from '@app/shared';
import { distanceMiles } from '../../infra/geo/radius';

/** What ranking a similar listing reads. */
export interface SimilarCandidate {
  id: number;
  makeKey: string;
  modelKey: string;
  bodyType: string | null;
  price: number;
  latitude: number | null;
  longitude: number | null;
}

/** Candidates are read within this price band around the listing's price (a factor each way). */
export const SIMILAR_PRICE_FACTOR = 1.6;

/**
 * How unlike the listing a candidate is (lower is more alike): another body class counts most (a coupe
 * buyer is not shown an SUV while coupes are there), then the price gap (in log terms: $60k against $70k
 * is as far as $6k against $7k), then the distance (1,000 miles weigh like a 20 % price gap), with the
 * same make and the same model a little closer.
 */
export function unlikeness(of: SimilarCandidate, candidate: SimilarCandidate): number {
  const otherClass = bodyClassOf(candidate.bodyType) !== bodyClassOf(of.bodyType) ? 1 : 0;
  const priceGap = Math.abs(Math.log(Number(candidate.price) / Number(of.price)));
  const miles =
    of.latitude !== null && of.longitude !== null && candidate.latitude !== null && candidate.longitude !== null
      ? distanceMiles({ lat: of.latitude, lng: of.longitude }, { lat: candidate.latitude, lng: candidate.longitude })
      : 1000;
  const sameMake = candidate.makeKey === of.makeKey ? 0.05 : 0;
  const sameModel = sameMake && candidate.modelKey === of.modelKey ? 0.1 : 0;
  return otherClass + priceGap + (miles / 1000) * 0.2 - sameMake - sameModel;
}

/** The `count` candidates most like the listing, most alike first (the listing itself left out). */
export function rankSimilar<T extends SimilarCandidate>(of: SimilarCandidate, candidates: readonly T[], count: number): T[] {
  return candidates
    .filter((c) => c.id !== of.id)
    .map((c) => ({ c, score: unlikeness(of, c) }))
    .sort((a, b) => a.score - b.score || a.c.id - b.c.id)
    .slice(0, count)
    .map(({ c }) => c);
}
