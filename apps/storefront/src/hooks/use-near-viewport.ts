import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether an element has come within `margin` of the viewport (then true for good): for what sits far below
 * the first screen and need not be fetched, or drawn, before the visitor heads for it. True at once where
 * IntersectionObserver is missing.
 */
export function useNearViewport<T extends Element>(margin = '800px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
