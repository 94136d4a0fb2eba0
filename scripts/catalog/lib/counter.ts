/** Counts string values; ties are broken alphabetically so output is deterministic. */
export class Counter<T extends string = string> {
  private readonly counts = new Map<T, number>();

  add(value: T | null | undefined, weight = 1): void {
    if (value === null || value === undefined) return;
    this.counts.set(value, (this.counts.get(value) ?? 0) + weight);
  }

  get total(): number {
    let sum = 0;
    for (const n of this.counts.values()) sum += n;
    return sum;
  }

  get size(): number {
    return this.counts.size;
  }

  /** Entries by descending count, then value. */
  ranked(): Array<[T, number]> {
    return [...this.counts.entries()].sort((a, b) => b[1] - a[1] || compareText(a[0], b[0]));
  }

  /**
   * Most frequent value. Values scoring at least `tieRatio` x the leader's
   * score count as tied; ties go to the value listed first in `priority`.
   */
  top(priority: readonly T[] = [], tieRatio = 1): T | null {
    const ranked = this.ranked();
    const best = ranked[0]?.[1] ?? 0;
    const tied = ranked.filter(([, n]) => n >= best * tieRatio).map(([value]) => value);
    const rank = (value: T): number => {
      const index = priority.indexOf(value);
      return index < 0 ? priority.length : index;
    };
    return tied.sort((a, b) => rank(a) - rank(b) || compareText(a, b))[0] ?? null;
  }

  topCount(): number {
    return this.ranked()[0]?.[1] ?? 0;
  }
}

/** Numeric-aware comparison ("2 Series" < "10 Series") with a code-point tiebreak. */
export function compareText(a: string, b: string): number {
  const byName = a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
  if (byName !== 0) return byName;
  return a < b ? -1 : a > b ? 1 : 0;
}
