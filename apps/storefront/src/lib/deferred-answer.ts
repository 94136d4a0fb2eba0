import { useDeferredValue, useMemo } from 'react';

/**
 * The answer to draw for question `key` (a search's filters): a new answer to the same question (the whole first
 * page after the server's first screen of it, Load More's next page) as a deferred value, so React draws it in
 * slices that leave the main thread to the visitor, where the store's update alone would draw it in one long
 * task. A new question's answer, and its first answer, show at once: the deferred value still holds the question
 * with no answer (asked, pending), which drawn would read as an answer with nothing in it ("0 vehicles found").
 */
export function useDeferredAnswer<K, D>(key: K, data: D | undefined): D | undefined {
  const answered = useMemo(() => ({ key, data }), [key, data]);
  const drawn = useDeferredValue(answered);
  return drawn.key === key && drawn.data !== undefined ? drawn.data : data;
}
