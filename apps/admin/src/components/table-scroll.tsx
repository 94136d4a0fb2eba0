import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A table that scrolls sideways on a narrow screen once it has rows. An empty one shows only its message,
 * without the column headers, which alone would push the page wider than a phone.
 */
export function sidewaysScroll(rows: readonly unknown[] | undefined, width: number): { scroll?: { x: number }; showHeader: boolean } {
  return rows && rows.length > 0 ? { scroll: { x: width }, showHeader: true } : { showHeader: false };
}

/**
 * Wraps a table of sidewaysScroll: its scroll box takes keyboard focus and has a name, so a keyboard user can
 * scroll to the columns off-screen even when the rows hold no link or button (WCAG 2.1.1; axe:
 * scrollable-region-focusable). antd gives no prop for it, and renders the box anew when the scroll changes,
 * so it is marked after every render.
 */
export function KeyboardScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // Whether it overflows depends on the window's width, which changes without a render: always focusable.
    for (const box of ref.current?.querySelectorAll<HTMLElement>('.adm-table-content, .adm-table-body') ?? []) {
      box.tabIndex = 0;
      box.setAttribute('role', 'region');
      box.setAttribute('aria-label', label);
    }
  });
  return <div ref={ref}>{children}</div>;
}
