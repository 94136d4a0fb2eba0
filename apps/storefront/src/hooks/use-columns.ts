import { useSyncExternalStore } from 'react';

/** Recent-listing grid columns by window width (SPEC.md section 9): min width → columns. */
export const GRID_BREAKPOINTS: ReadonlyArray<readonly [number, number]> = [
  [1536, 6],
  [1280, 5],
  [1024, 4],
  [768, 3],
  [640, 2],
];

export function columnsForWidth(width: number): number {
  for (const [min, columns] of GRID_BREAKPOINTS) if (width >= min) return columns;
  return 1;
}

/** Landing card width by window width (SPEC.md section 9). */
export function cardWidthForWidth(width: number): number {
  if (width < 640) return 280;
  if (width < 768) return 290;
  if (width < 1024) return 300;
  return 306;
}

/** The most items that fill whole rows: 24 items on 5 columns → 20. */
export function wholeRowCount(items: number, columns: number): number {
  if (columns <= 1) return items;
  return Math.floor(items / columns) * columns || Math.min(items, columns);
}

function subscribe(onChange: () => void): () => void {
  const queries = GRID_BREAKPOINTS.map(([min]) => window.matchMedia(`(min-width: ${min}px)`));
  queries.forEach((q) => q.addEventListener('change', onChange));
  return () => queries.forEach((q) => q.removeEventListener('change', onChange));
}

function snapshot(): number {
  for (const [min, columns] of GRID_BREAKPOINTS) if (window.matchMedia(`(min-width: ${min}px)`).matches) return columns;
  return 1;
}

/** The grid's column count for the current window, updated when a breakpoint is crossed. */
export function useGridColumns(): number {
  return useSyncExternalStore(subscribe, snapshot, () => 1);
}
