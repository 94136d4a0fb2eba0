/**
 * Orders names (makes, models) as English collation does (`new Intl.Collator('en').compare`, which is what
 * `localeCompare` gives on an English system): letters without regard to case, then, between names that differ
 * only in case, lower case first; a space before a hyphen, before digits, before letters; a name before a longer one
 * that starts with it.
 *
 * Names of plain letters, digits, spaces and hyphens (every make and model of the catalogue) are compared here, by
 * those rules; any other name by the collator, made when first needed. Making a collator loads the browser's
 * collation tables: the search page made one as its make list's module loaded, and that alone was its costliest
 * function while it started (about 50 ms at Lighthouse's fourfold slowdown of a phone). The language is fixed (not
 * the browser's): the server draws the page's lists in the same order as the browser, so the browser's drawing
 * matches it.
 */
export function byName(a: string, b: string): number {
  if (!PLAIN.test(a) || !PLAIN.test(b)) return (collator ??= new Intl.Collator('en')).compare(a, b);
  const shorter = Math.min(a.length, b.length);
  for (let i = 0; i < shorter; i += 1) {
    const difference = primary(a.charCodeAt(i)) - primary(b.charCodeAt(i));
    if (difference !== 0) return difference < 0 ? -1 : 1;
  }
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  // The same letters: the first that differs in case decides, lower case first (its code is the higher).
  for (let i = 0; i < shorter; i += 1) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return x > y ? -1 : 1;
  }
  return 0;
}

const PLAIN = /^[A-Za-z0-9 -]*$/;

let collator: Intl.Collator | undefined;

/** A plain character's place in the order: space, hyphen, digits, then letters in lower case. */
function primary(code: number): number {
  if (code === 32) return 0;
  if (code === 45) return 1;
  return code <= 57 ? code : code | 32;
}
