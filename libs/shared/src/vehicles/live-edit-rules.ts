/**
 * What a seller's edit of a live listing may put in front of buyers without review (DECISIONS.md, "Accounts,
 * trust and the desk"; issue 27): a price cut of at most 30 % that stays at or above half the market estimate,
 * and added text without contact details, links or payment words. The one place of these rules: the API's
 * classification of live edits (isLowRiskChange) and any form that tells the seller "this will be reviewed".
 */

/** The largest price cut that goes live at once, as a share of the live price. */
export const LIVE_PRICE_CUT_MAX_SHARE = 0.3;
/** A cut to below this share of the market estimate waits for review. */
export const LIVE_PRICE_MARKET_FLOOR_SHARE = 0.5;

const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * Whether a price change of a live listing may go live at once: a cut (not a rise), of at most 30 % of the
 * live price, to no less than half the market estimate (`marketEstimate` null or missing: no estimate, that
 * part does not apply).
 */
export function isLivePriceCut(before: unknown, after: unknown, marketEstimate?: number | null): boolean {
  if (typeof before !== 'number' || typeof after !== 'number' || !Number.isFinite(before) || !Number.isFinite(after)) return false;
  const was = cents(before);
  const now = cents(after);
  if (!(now > 0 && now < was)) return false;
  // Whole cents, so 30 % of $20,000 is exactly $6,000 (no floating-point edge).
  if ((was - now) * 10 > was * LIVE_PRICE_CUT_MAX_SHARE * 10) return false;
  if (typeof marketEstimate === 'number' && marketEstimate > 0 && now * 2 < cents(marketEstimate) * (LIVE_PRICE_MARKET_FLOOR_SHARE * 2)) return false;
  return true;
}

/** What kind of thing in a text keeps it from going live unreviewed. */
export type FlaggedTextKind = 'phone' | 'email' | 'link' | 'messenger' | 'payment';

export interface FlaggedText {
  kind: FlaggedTextKind;
  /** The words that matched, as written. */
  match: string;
}

const DIGIT_WORDS: Record<string, string> = {
  zero: '0',
  oh: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};
const DIGIT_WORD = new RegExp(`\\b(?:${Object.keys(DIGIT_WORDS).join('|')})\\b`, 'gi');

/**
 * Runs of digits with the separators phone numbers are written with (spaces, dots, dashes, slashes,
 * parentheses, a leading +), digits spelled as words included ("five five five …"). A comma ends a run, so
 * "$20,000" is three digits and two, and a model ("911", "F-150") or a year is far too short.
 */
const DIGIT_RUN = /\+?\(?\d(?:[\s.\-/()]{0,3}\d)+/g;

/** A run is a phone number from 10 digits (a US number, 11 with its leading 1, international up to 15) or a local 3-4 number. */
function phoneNumbers(text: string): string[] {
  const spelled = text.replace(DIGIT_WORD, (word) => DIGIT_WORDS[word.toLowerCase()]!);
  const found: string[] = [];
  for (const [run] of spelled.matchAll(DIGIT_RUN)) {
    const digits = run.replace(/\D/g, '');
    const groups = run.trim().split(/[^\d]+/).filter(Boolean);
    // Model years side by side ("2019 2020 2021") are not a number.
    if (groups.every((g) => /^(19|20)\d\d$/.test(g))) continue;
    // A local number needs its dash or dot: "911 2021" is a model and a year.
    const local = /^\d{3}[.\-]\d{4}$/.test(run.trim());
    if ((digits.length >= 10 && digits.length <= 15) || local) found.push(run.trim());
  }
  return found;
}

// Bounded parts (an address's local part is at most 64 characters, a label 63, a few labels) and no start inside a
// word: a 10,000-character description is read in linear time, never retried from every letter of a long word.
const AT = String.raw`(?:@|\(at\)|\[at\]|\{at\}|\sat\s)`;
const DOT = String.raw`(?:\.|\(dot\)|\[dot\]|\{dot\}|\sdot\s)`;
const EMAIL = new RegExp(
  String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}\s*${AT}\s*[a-z0-9-]{1,63}(?:\s*${DOT}\s*[a-z0-9-]{1,63}){0,3}\s*${DOT}\s*(?:com|net|org|edu|gov|io|co|us|info|biz|me|mail|ru|de|uk|ca)\b`,
  'gi',
);

/**
 * Top-level domains: a bare "pay-now.com" is a link, "3.0L" or "No.1" are not. Those that are also short
 * English words ("in", "to", "me", "us") count only with a path ("wa.me/1555…"), since "serviced.in 2024"
 * is a missing space, not a link.
 */
const TLDS = 'com|net|org|info|biz|io|xyz|online|site|shop|store|link|click|top|club|app|dev|page|ru|cn|tk|ml|ga|cf|gq|ly';
const SHORT_TLDS = 'co|me|us|to|in|de|uk|ca|eu|tv|cc|gl|gd|ws';
const LINK = new RegExp(
  `(?:\\bhttps?://\\S+|\\bwww\\.\\S+|(?<![a-z0-9.-])[a-z0-9][a-z0-9-]{0,62}(?:\\.[a-z0-9-]{1,63}){0,3}\\.(?:(?:${TLDS})\\b(?:/\\S*)?|(?:${SHORT_TLDS})/\\S*))`,
  'gi',
);

const MESSENGER = /\b(?:whats\s?app|wa\.me|telegram|viber|we\s?chat|signal\s+me|kik|snapchat|text\s+me|call\s+me|call\s+or\s+text|text\s+or\s+call|e-?mail\s+me|contact\s+me\s+(?:at|on|via))\b/gi;

const PAYMENT =
  /\b(?:wire(?:d)?(?!\s*(?:harness(?:es)?|wheels?|mesh|brush(?:es)?|loom|grille|tap)\b)|wiring\s+(?:the\s+)?(?:money|funds|payment)|western\s+union|money\s?gram|zelle|venmo|cash\s?app|paypal|pay\s?pal|gift\s?cards?|itunes\s+cards?|google\s+play\s+cards?|steam\s+cards?|crypto(?:currency)?|bitcoins?|btc|usdt|tether|ethereum|deposits?|escrow|money\s+orders?|bank\s+transfers?|cashier'?s\s+checks?|pay\s+(?:up\s?front|in\s+advance)|advance\s+payment)\b/gi;

/**
 * Contact details, links and payment words in a text, in the order of the kinds above (empty: none). Kept
 * to what a seller would write to take a buyer off the site: "$20,000", "911", "F-150", "2019 2020 2021",
 * "3.0L" and "wire harness" are not flagged.
 */
export function flaggedText(text: string | null | undefined): FlaggedText[] {
  if (!text) return [];
  const found: FlaggedText[] = [];
  const add = (kind: FlaggedTextKind, matches: Iterable<string>) => {
    for (const match of matches) found.push({ kind, match });
  };
  const emails = [...text.matchAll(EMAIL)].map((m) => m[0]);
  add('email', emails);
  // An e-mail address is not a link as well.
  const withoutEmails = emails.reduce((rest, email) => rest.replace(email, ' '), text);
  add('link', [...withoutEmails.matchAll(LINK)].map((m) => m[0]));
  add('phone', phoneNumbers(withoutEmails));
  add('messenger', [...text.matchAll(MESSENGER)].map((m) => m[0]));
  add('payment', [...text.matchAll(PAYMENT)].map((m) => m[0]));
  return found;
}

/** Whether a text carries contact details, links or payment words (see flaggedText). */
export function carriesContactOrPayment(text: string | null | undefined): boolean {
  return flaggedText(text).length > 0;
}
