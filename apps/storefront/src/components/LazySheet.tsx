import { lazy, Suspense, type ComponentProps } from 'react';
import type { Sheet as SheetComponent } from './Sheet';

/** The sheet's module (the header's menu fetches it on pointer down, before the tap opens it). */
export const loadSheet = () => import(/* webpackChunkName: "sheet" */ './Sheet');

const Sheet = lazy(() => loadSheet().then((m) => ({ default: m.Sheet })));

/**
 * A Sheet whose module loads when it first opens: a closed sheet draws nothing, so a page with a sheet
 * (the search page's filters drawer and save dialogs) does not load it, its focus trap and portal up front.
 */
export function LazySheet(props: ComponentProps<typeof SheetComponent>) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <Sheet {...props} />
    </Suspense>
  );
}
