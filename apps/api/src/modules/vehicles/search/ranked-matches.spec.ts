import { anchorOf, bringRankingForward } from './ranked-matches';

/** A ranking from [id, score] pairs, in the order given. */
const ranking = (...rows: [number, number][]) => ({ ids: Int32Array.from(rows, ([id]) => id), scores: Float64Array.from(rows, ([, score]) => score) });
const idsOf = (r: { ids: Int32Array }) => [...r.ids];

describe('bringRankingForward ("Best match"\'s kept ranking after some of its listings changed)', () => {
  // Relevance, then the newest id first, as the SQL sorts them.
  const kept = ranking([9, 3], [4, 3], [8, 2], [7, 2], [5, 2], [2, 1], [1, 1]);

  it('takes the changed listings out and puts those that match now where their relevance and id put them', () => {
    const changed = new Set([8, 6, 3]);
    // 8 now matches better, 6 joined as relevant as 7 and 5, 3 matches no more (not found).
    const after = bringRankingForward(kept, changed, ranking([8, 3.5], [6, 2]), undefined, 100);
    expect(idsOf(after)).toEqual([8, 9, 4, 7, 6, 5, 2, 1]);
    expect([...after.scores]).toEqual([3.5, 3, 3, 2, 2, 2, 1, 1]);
  });

  it('scales the changed listings\' scores by the anchor\'s kept score over its score now (the word statistics moved)', () => {
    // Scored now, every score is 1.1 times what it was: 6 is as relevant as 7 and 5, and sorts between them by id.
    const changed = new Set([6]);
    const anchor = anchorOf(kept, changed);
    expect(anchor).toBe(9);
    const after = bringRankingForward(kept, changed, ranking([6, 2 * 1.1], [9, 3 * 1.1]), anchor, 100);
    expect(idsOf(after)).toEqual([9, 4, 8, 7, 6, 5, 2, 1]);
    expect(after.scores[4]).toBeCloseTo(2, 12);
    // Without the anchor, 2.2 would rank 6 above every listing of relevance 2.
    expect(idsOf(bringRankingForward(kept, changed, ranking([6, 2.2]), undefined, 100))).toEqual([9, 4, 6, 8, 7, 5, 2, 1]);
  });

  it('drops listings that left, keeps the order of the rest, and answers at most the given number', () => {
    const after = bringRankingForward(kept, new Set([9, 2]), ranking(), 4, 100);
    expect(idsOf(after)).toEqual([4, 8, 7, 5, 1]);
    expect(idsOf(bringRankingForward(kept, new Set([10]), ranking([10, 5]), undefined, 3))).toEqual([10, 9, 4]);
    expect(idsOf(bringRankingForward(ranking(), new Set([3, 4]), ranking([3, 1], [4, 1]), undefined, 10))).toEqual([4, 3]);
  });

  it('has no anchor when every listing of the ranking changed', () => {
    expect(anchorOf(kept, new Set(kept.ids))).toBeUndefined();
  });
});
