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

/** Below this many columns (phones and small tablets) the landing shows at most NARROW_MAX_ROWS rows. */
const NARROW_COLUMNS = 3;
const NARROW_MAX_ROWS = 2;

/** How many of `items` recent listings the landing shows on `columns` columns: whole rows, two at most when narrow. */
export function shownCount(items: number, columns: number): number {
  return wholeRowCount(Math.min(items, columns <= NARROW_COLUMNS ? columns * NARROW_MAX_ROWS : Infinity), columns);
}

/**
 * The recent grid's layout at every window width, as CSS for the grid `selector`: each band's columns and card
 * width (GRID_BREAKPOINTS, SPEC.md section 9) and, of `items` cards, those past the band's `shown(columns)`
 * hidden. Media queries rather than the window's width read in script, so that the page the server draws,
 * before any script runs, is already the grid the screen shows.
 */
export function gridCss(selector: string, items: number, shown: (columns: number) => number): string {
  // Each band's least width, narrowest first, so that a wider band's rules come later and win.
  const bands = [0, ...GRID_BREAKPOINTS.map(([min]) => min).sort((a, b) => a - b)];
  return bands
    .map((min) => {
      const columns = columnsForWidth(min);
      const visible = shown(columns);
      const rules =
        `${selector}{grid-template-columns:repeat(${columns},minmax(0,${cardWidthForWidth(min)}px))}` +
        // As specific as the hiding rule, so a wider band shows again what a narrower one hid.
        `${selector}>:nth-child(n){display:block}` +
        (visible < items ? `${selector}>:nth-child(n+${visible + 1}){display:none}` : '');
      return min === 0 ? rules : `@media (min-width:${min}px){${rules}}`;
    })
    .join('');
}
