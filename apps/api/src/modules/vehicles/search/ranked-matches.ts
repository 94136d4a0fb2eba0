import type { ScoredIds } from '../../../infra/database/id-reader';

/**
 * "Best match"'s kept ranking of a search's keywords: every public listing they match, best first (relevance, then
 * the newest id, as the SQL sorts them: pageQuery), with each one's relevance, and when it was read whole.
 */
export interface RankedMatches extends ScoredIds {
  /** When the whole ranking was last read (Date.now()): a ranking brought forward is read whole again after a while. */
  readAt: number;
}

/**
 * Relevances this close (relative) are the same: a listing scored again after others changed is scored with the
 * word statistics of now, which the kept ones were not (scaled back by the anchor: bringRankingForward), and its
 * equals among them are ordered by id, as the SQL orders equal relevances.
 */
const SAME_RELEVANCE = 1e-9;

/** Whether a listing of relevance `a` and id `aId` comes before one of `b`, `bId` ("relevance DESC, id DESC"). */
function before(a: number, aId: number, b: number, bId: number): boolean {
  if (Math.abs(a - b) > SAME_RELEVANCE * Math.max(Math.abs(a), Math.abs(b))) return a > b;
  return aId > bId;
}

/**
 * The kept ranking after the listings `changed` changed: they leave it, and those of them that match now
 * (`found`, scored now, in any order) join it where their relevance puts them. Scores are read with the word
 * statistics of now (MariaDB's IDF, FTS5's bm25): `found` also holds the `anchor`, a listing of the ranking
 * that did not change, whose kept score over its score now scales the others back to the kept ones' terms, so a
 * listing as relevant as others (the same words, as often) sorts among them by id as a whole new ranking would
 * sort it. Answers at most `max` matches.
 */
export function bringRankingForward(kept: ScoredIds, changed: ReadonlySet<number>, found: ScoredIds, anchor: number | undefined, max: number): ScoredIds {
  let scale = 1;
  const joining: { id: number; score: number }[] = [];
  for (let k = 0; k < found.ids.length; k += 1) {
    const id = found.ids[k];
    if (changed.has(id)) joining.push({ id, score: found.scores[k] });
    else if (id === anchor) {
      const keptAt = kept.ids.indexOf(id);
      const was = kept.scores[keptAt];
      const now = found.scores[k];
      if (keptAt >= 0 && Number.isFinite(was / now) && was / now > 0) scale = was / now;
    }
  }
  for (const j of joining) j.score *= scale;
  joining.sort((a, b) => (before(a.score, a.id, b.score, b.id) ? -1 : 1));

  const size = Math.min(max, kept.ids.length + joining.length);
  const ids = new Int32Array(size);
  const scores = new Float64Array(size);
  let n = 0;
  let j = 0;
  for (let k = 0; k < kept.ids.length && n < size; k += 1) {
    const id = kept.ids[k];
    if (changed.has(id)) continue;
    const score = kept.scores[k];
    while (j < joining.length && n < size && before(joining[j].score, joining[j].id, score, id)) {
      ids[n] = joining[j].id;
      scores[n] = joining[j].score;
      n += 1;
      j += 1;
    }
    if (n < size) {
      ids[n] = id;
      scores[n] = score;
      n += 1;
    }
  }
  for (; j < joining.length && n < size; j += 1, n += 1) {
    ids[n] = joining[j].id;
    scores[n] = joining[j].score;
  }
  return { ids: ids.subarray(0, n), scores: scores.subarray(0, n) };
}

/** The best-ranked listing that did not change: the anchor whose score scales the changed ones' (bringRankingForward). */
export function anchorOf(kept: ScoredIds, changed: ReadonlySet<number>): number | undefined {
  for (const id of kept.ids) if (!changed.has(id)) return id;
  return undefined;
}
