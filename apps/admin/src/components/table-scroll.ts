/**
 * A table that scrolls sideways on a narrow screen, once it has rows: an empty table's scroll box would hold
 * nothing a keyboard can reach (axe: scrollable-region-focusable), and its message fits any width.
 */
export function sidewaysScroll(rows: readonly unknown[] | undefined, width: number): { x: number } | undefined {
  return rows && rows.length > 0 ? { x: width } : undefined;
}
