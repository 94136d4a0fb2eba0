import type { TransformFnParams } from 'class-transformer';
import { COLOR_OPTIONS, SEARCH_FILTERS, type Color, type FilterOption, type Option, type SearchFilterName } from './vocabularies';

/**
 * Vocabulary fields as people type them (DECISIONS.md): the slug or the label, in any case, with spaces
 * or hyphens ("very good", "Very-Good", "SUV", "suv"). Input transforms turn them into the stored slug;
 * anything else is left as typed for the validators to refuse.
 */
const squash = (text: string) => text.trim().toLowerCase().replace(/[\s_-]+/g, ' ');

/** The slug of `value` in a listing vocabulary, or undefined. */
export function vocabularySlug(options: readonly Option[], value: string): string | undefined {
  const key = squash(value);
  return options.find((o) => squash(o.value) === key || squash(o.label) === key)?.value;
}

/** Listing input: a vocabulary field's slug or label becomes the slug; "" becomes undefined (not given). */
export const toVocabularySlug =
  (options: readonly Option[]) =>
  ({ value }: TransformFnParams): unknown => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    return vocabularySlug(options, value) ?? value.trim();
  };

/**
 * Search: a filter's value or label, or any listing slug or label it matches ("4-Door Sedan" → sedan),
 * becomes the filter value; "" becomes undefined.
 */
export const toSearchFilterValue =
  (filter: SearchFilterName, listingOptions: readonly Option[]) =>
  ({ value }: TransformFnParams): unknown => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    const options: readonly FilterOption[] = SEARCH_FILTERS[filter];
    const own = vocabularySlug(options, value);
    if (own) return own;
    const slug = vocabularySlug(listingOptions, value);
    return (slug && options.find((o) => o.matches.includes(slug))?.value) ?? value.trim();
  };

/**
 * Words of makers' colour names and the family each stands for (English and the Italian, German and
 * French names luxury makers use). Where a name holds two, the later word wins: the base colour comes
 * last in English ("Silver Blue" is blue). Yellow, orange and purple shades have no family: "other".
 */
const FAMILY_WORDS: Record<Exclude<Color, 'other'>, readonly string[]> = {
  black: ['black', 'nero', 'schwarz', 'noir', 'obsidian', 'onyx', 'ebony', 'jet', 'piano', 'raven', 'midnight black'],
  white: ['white', 'bianco', 'weiss', 'blanc', 'chalk', 'alpine', 'glacier', 'snow', 'arctic', 'polar', 'frost'],
  silver: ['silver', 'argento', 'silber', 'platinum', 'titanium', 'aluminum', 'aluminium', 'quicksilver', 'mercury', 'iridium'],
  gray: ['gray', 'grey', 'grigio', 'grau', 'graphite', 'gunmetal', 'charcoal', 'slate', 'nardo', 'anthracite', 'carbon', 'magnetic', 'meteor', 'steel', 'ash', 'smoke', 'cement', 'crayon'],
  red: ['red', 'rosso', 'rot', 'rouge', 'burgundy', 'maroon', 'crimson', 'ruby', 'cherry', 'scarlet', 'garnet', 'carmine', 'candy', 'bordeaux', 'magma'],
  blue: ['blue', 'blu', 'blau', 'bleu', 'navy', 'sapphire', 'cobalt', 'azure', 'cyan', 'teal', 'aqua', 'ocean', 'marine', 'estoril', 'miami', 'tanzanite'],
  green: ['green', 'verde', 'grun', 'grün', 'vert', 'emerald', 'olive', 'jade', 'lime', 'sage', 'forest', 'racing green', 'british racing', 'mamba'],
  brown: ['brown', 'marrone', 'braun', 'bronze', 'copper', 'mocha', 'espresso', 'chestnut', 'cognac', 'chocolate', 'mahogany', 'walnut', 'coffee', 'saddle', 'caramel'],
  beige: ['beige', 'tan', 'sand', 'cream', 'ivory', 'champagne', 'taupe', 'khaki', 'camel', 'oyster', 'linen', 'parchment', 'desert', 'gold', 'oro'],
};

/**
 * The colour family a maker's colour name is filed under ("Nardo Gray" → gray, "Chalk" → white,
 * "Rosso Corsa" → red); a family's own slug or label is itself; a name with no known word is "other".
 */
export function colorFamilyOf(name: string | null | undefined): Color | null {
  if (!name || !name.trim()) return null;
  const own = vocabularySlug(COLOR_OPTIONS, name);
  if (own) return own as Color;
  const words = ` ${squash(name).normalize('NFKD').replace(/\p{M}+/gu, '')} `;
  let best: { family: Color; at: number } | null = null;
  for (const [family, list] of Object.entries(FAMILY_WORDS) as [Color, readonly string[]][]) {
    for (const word of list) {
      const at = words.lastIndexOf(` ${word} `);
      if (at >= 0 && (!best || at > best.at)) best = { family, at };
    }
  }
  return best?.family ?? 'other';
}
