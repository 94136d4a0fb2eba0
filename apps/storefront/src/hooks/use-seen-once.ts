import { useEffect, useRef, useState, type RefObject } from 'react';

interface SeenOnceOptions {
  /** IntersectionObserver's rootMargin: grows (or shrinks) the viewport the element must reach. */
  rootMargin: string;
  threshold?: number;
  /** Whether it is seen from the start (for example when the visitor prefers reduced motion); asked once, on mount. */
  seenAtOnce?: () => boolean;
}

/**
 * Whether an element has once come within the (margin-adjusted) viewport: false until then, true for good
 * after. True at once where IntersectionObserver is missing.
 */
export function useSeenOnce<T extends Element>({ rootMargin, threshold = 0, seenAtOnce }: SeenOnceOptions): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined' || seenAtOnce?.() === true);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin, threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, rootMargin, threshold]);
  return [ref, seen];
}

/** Scroll reveal: shown once the element is 5% into the view; at once when the visitor prefers reduced motion. */
export function useReveal<T extends Element>(): [RefObject<T | null>, boolean] {
  return useSeenOnce<T>({
    rootMargin: '0px 0px -10% 0px',
    threshold: 0.05,
    seenAtOnce: () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true,
  });
}

/**
 * Whether an element has come within `margin` of the viewport: for what sits far below the first screen and
 * need not be fetched, or drawn, before the visitor heads for it.
 */
export function useNearViewport<T extends Element>(margin = '800px'): [RefObject<T | null>, boolean] {
  return useSeenOnce<T>({ rootMargin: `${margin} 0px ${margin} 0px` });
}
