import { distance } from 'fastest-levenshtein';
import type { EntityManager } from 'typeorm';
import { sqlEngineOf, type SqlEngine } from '../../../infra/database/sql-engine';
import {
  BODY_TYPE_OPTIONS,
  COLOR_OPTIONS,
  CONDITION_OPTIONS,
  DRIVETRAIN_OPTIONS,
  FUEL_TYPE_OPTIONS,
  PREDEFINED_FEATURES,
  TRANSMISSION_OPTIONS,
} from '@app/shared';
import type { Color, QueryWordReading } from '@app/shared';
import { getCatalog, MAKES } from '../../catalog';

/**
 * Keyword search on a full-text index instead of a scan of searchText:
 * - SQLite: the FTS5 table vehicles_fts (contentless, rowid = vehicles.id), written by the listing writer in
 *   the transaction of every listing write (writeKeywordIndex / dropFromKeywordIndex below);
 * - MariaDB/MySQL: an InnoDB FULLTEXT index on vehicles.searchText, kept by the engine.
 *
 * Each word a buyer types matches words that start with it ("porsch" finds Porsche), and also its
 * nicknames and spellings ("chevy", "vette", "porshe", "mercedez"). A word the index cannot answer exactly
 * (on MariaDB: shorter than innodb_ft_min_token_size or a stopword; a word with punctuation, "f-150")
 * is matched with the former LIKE on searchText as well, on both engines.
 */
/** The full-text table of SQLite (the MariaDB index is FULLTEXT IDX_vehicles_keywords on vehicles.searchText). */
export const KEYWORD_TABLE = 'vehicles_fts';

/** InnoDB's default innodb_ft_min_token_size: shorter words are not in the FULLTEXT index. */
const MYSQL_MIN_TOKEN = 3;

/** InnoDB's default full-text stopword list (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD). */
const MYSQL_STOPWORDS = new Set(
  'a about an are as at be by com de en for from how i in is it la of on or that the this to was what when where who will with und www'.split(' '),
);

/**
 * Nicknames and common misspellings buyers type, to what listings say. Misspellings one letter away from a
 * make or model word are also found without a line here (see corrections).
 */
const NICKNAMES: Record<string, string[]> = {
  chevy: ['chevrolet'],
  vette: ['corvette'],
  vw: ['volkswagen'],
  volks: ['volkswagen'],
  merc: ['mercedes'],
  benz: ['mercedes'],
  beemer: ['bmw'],
  bimmer: ['bmw'],
  beamer: ['bmw'],
  caddy: ['cadillac'],
  lambo: ['lamborghini'],
  stang: ['mustang'],
  yota: ['toyota'],
  subie: ['subaru'],
  jag: ['jaguar'],
  vert: ['convertible'],
  cabrio: ['cabriolet', 'convertible'],
  '4x4': ['4wd'],
  ev: ['electric'],
};

/**
 * The words of make and model names in the catalogue (folded), what misspellings are corrected to; and the
 * words of the listing form's own vocabularies (features, body types, colours…), which are never corrected
 * ("camera" is not a misspelt Catera).
 */
let vocabulary: { words: Set<string>; byLength: Map<number, string[]>; plain: Set<string> } | null = null;

function catalogWords(): NonNullable<typeof vocabulary> {
  if (vocabulary) return vocabulary;
  const wordsOf = (names: readonly string[]) => new Set(names.flatMap((name) => tokensOf(foldWord(name))).filter((word) => word.length >= 4 && /^[a-z]+$/.test(word)));
  const words = wordsOf([...MAKES.map((m) => m.name), ...getCatalog().makes.flatMap((m) => [m.name, ...m.models.map((md) => md.name)])]);
  const options = [BODY_TYPE_OPTIONS, COLOR_OPTIONS, CONDITION_OPTIONS, DRIVETRAIN_OPTIONS, FUEL_TYPE_OPTIONS, TRANSMISSION_OPTIONS].flatMap((list) => list.map((o) => o.label));
  const plain = wordsOf([...PREDEFINED_FEATURES, ...options]);
  const byLength = new Map<number, string[]>();
  for (const word of words) byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  vocabulary = { words, byLength, plain };
  return vocabulary;
}

function foldWord(value: string): string {
  return value.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** The words of folded text as both full-text indexes split it: runs of letters and digits. */
export function tokensOf(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/**
 * The catalogue words a misspelt word is one edit from (two would read "navigation" as Navigator). A
 * word of the catalogue or of the form's vocabularies, or the start of a catalogue word (the buyer is still
 * typing), is not corrected.
 */
export function corrections(word: string): string[] {
  if (word.length < 5 || !/^[a-z]+$/.test(word)) return [];
  const { words, byLength, plain } = catalogWords();
  if (words.has(word) || plain.has(word)) return [];
  for (const known of words) if (known.startsWith(word)) return [];
  const maxEdits = 1;
  const found: string[] = [];
  for (let length = word.length - maxEdits; length <= word.length + maxEdits; length++) {
    for (const candidate of byLength.get(length) ?? []) {
      if (distance(word, candidate) <= maxEdits) found.push(candidate);
    }
  }
  return found.sort();
}

/** What one typed word matches besides itself: its nicknames and the catalogue words it misspells. */
export function alternativesOf(word: string): string[] {
  const alternatives = new Set([...(NICKNAMES[word] ?? []), ...corrections(word)]);
  alternatives.delete(word);
  return [...alternatives].sort();
}

/** Colour words a buyer types, to the colour family listings are filed under ("grey" is Gray). */
const COLOR_WORDS: ReadonlyMap<string, { family: Color; label: string }> = new Map([
  ...COLOR_OPTIONS.filter((o) => o.value !== 'other').map((o) => [o.value, { family: o.value, label: o.label }] as const),
  ['grey', { family: 'gray', label: 'Gray' }],
]);

/** Make names of several words typed as one ("landrover", "mercedesbenz", "rollsroyce"): the joined word → the name. */
let compoundMakes: Map<string, string> | null = null;

function compoundMakeNames(): Map<string, string> {
  if (compoundMakes) return compoundMakes;
  compoundMakes = new Map();
  for (const name of [...MAKES.map((m) => m.name), ...getCatalog().makes.map((m) => m.name)]) {
    const tokens = tokensOf(foldWord(name));
    if (tokens.length > 1) compoundMakes.set(tokens.join(''), name);
  }
  return compoundMakes;
}

/** The catalogue's spelling of a folded catalogue word ("porsche" → "Porsche"). */
function displayOf(word: string): string {
  for (const name of [...MAKES.map((m) => m.name), ...getCatalog().makes.flatMap((m) => [m.name, ...m.models.map((md) => md.name)])]) {
    const match = name.split(/[^\p{L}\p{N}]+/u).find((piece) => foldWord(piece) === word);
    if (match) return match;
  }
  return word;
}

/**
 * The typed words as the search reads them: a colour word ("red") becomes the colour family filter (unless
 * the search already filters by colour), a make typed as one word ("landrover") its words, and a misspelt
 * catalogue word is noted with its correction (the match itself is keywordWhere's: the word or its
 * corrections). `understood` lists what was read otherwise than typed, for "Showing results for …".
 */
export function readKeywords(words: readonly string[], colorFiltered: boolean): { terms: string[]; colors: Color[]; understood: QueryWordReading[] } {
  const terms: string[] = [];
  const colors: Color[] = [];
  const understood: QueryWordReading[] = [];
  for (const word of words) {
    const color = colorFiltered ? undefined : COLOR_WORDS.get(word);
    if (color) {
      if (!colors.includes(color.family)) colors.push(color.family);
      understood.push({ typed: word, read: color.label, kind: 'color' });
      continue;
    }
    const make = compoundMakeNames().get(word);
    if (make) {
      terms.push(...tokensOf(foldWord(make)));
      understood.push({ typed: word, read: make, kind: 'make' });
      continue;
    }
    terms.push(word);
    const corrected = corrections(word);
    if (corrected.length > 0) understood.push({ typed: word, read: displayOf(corrected[0]!), kind: 'spelling' });
  }
  return { terms, colors, understood };
}

/** A word the engine's full-text index holds, so a prefix query on it is exact. */
function indexable(token: string, engine: SqlEngine): boolean {
  if (engine === 'sqlite') return true;
  return token.length >= MYSQL_MIN_TOKEN && !MYSQL_STOPWORDS.has(token);
}

/**
 * Whether a listing whose folded search text (foldText) is `text` may match the typed words `terms`: false only
 * when it cannot on either engine. Every way keywordWhere matches a word (a full-text prefix of the word or of
 * one of its alternatives, a LIKE of the word) finds that word or alternative somewhere in the text, so a word
 * none of whose forms the text holds rules the listing out. The change log's facts carry the text
 * (ListingFacts.text), so a listing approved or edited drops only the keyword searches it could be in.
 */
export function mayMatchKeywords(terms: readonly string[], text: string): boolean {
  return terms.every((term) => {
    const forms = formsOf(term);
    return forms.length === 0 || forms.some((form) => text.includes(form));
  });
}

/**
 * A typed word's forms, the word and (a single word) its alternatives, as keywordWhere matches them and
 * mayMatchKeywords checks them (none: the word has no letter or digit and matches every listing), kept per word:
 * finding a misspelling's corrections compares it with every catalogue word, and each change is checked against
 * every kept keyword answer (at a million listings that search took 1 % of the thread during a live market).
 */
const formsKept = new Map<string, readonly string[]>();
const MAX_FORMS_KEPT = 2000;
function formsOf(term: string): readonly string[] {
  let forms = formsKept.get(term);
  if (forms) return forms;
  const tokens = tokensOf(term);
  forms = tokens.length === 0 ? [] : tokens.length === 1 ? [term, ...alternativesOf(term)] : [term];
  if (formsKept.size >= MAX_FORMS_KEPT) formsKept.clear();
  formsKept.set(term, forms);
  return forms;
}

/**
 * How a query reads the keywords' matches: through the full-text index in its WHERE (`index`), row by row
 * while it walks another index in order (`perRow`), or from the full-text matches its FROM joins (`joined`).
 */
export type KeywordReading = 'index' | 'perRow' | 'joined';

export interface KeywordWhere {
  /** SQL ANDed into the search's WHERE; empty without terms. */
  parts: { sql: string; params: unknown[] }[];
  /** The full-text expression, when there is one: what "Best match" ranks by. */
  match?: string;
  /** The parts read the MariaDB/MySQL FULLTEXT index (a boolean MATCH, which no forced index may hide). */
  readsFullText?: boolean;
}

/** LIKE pattern of a literal substring, escaped with '!' (`ESCAPE '\'` is a syntax error on MariaDB). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

const like = (text: string) => ({ sql: `searchText LIKE ? ESCAPE '!'`, params: [containsPattern(text)] });

/**
 * The WHERE parts of the typed words (folded, deduplicated): each word must match, as itself or one of its
 * alternatives. Words the index answers exactly go into one full-text expression; the others keep a LIKE.
 *
 * `reading`, how the query reads the matches (KeywordReading). `perRow`: the query walks another index in
 * order and stops after a page (a common word, newest first), so each row it reads is checked on its own
 * instead of first listing every match (13,500 listings say "turbo" at 100,000): by a regular expression that
 * matches exactly where the engine's full-text parser starts a word (SQLite's unicode61: after anything but a
 * letter or digit; InnoDB: also not after '_' or an apostrophe). A lookup of the row in SQLite's FTS5 table
 * runs the whole full-text query each time (900 ms a page), and MariaDB's boolean MATCH can only read the
 * whole FULLTEXT index. `joined`: the query's FROM already joins the full-text matches (SQLite's Best Match,
 * relevanceOf), so the WHERE leaves the full-text expression out instead of running it a second time.
 */
export function keywordWhere(terms: readonly string[], engine: SqlEngine, reading: KeywordReading = 'index'): KeywordWhere {
  // Each clause: one word's prefixes, any of which matches (the word and its alternatives, or one piece).
  const clauses: (readonly string[])[] = [];
  const parts: KeywordWhere['parts'] = [];
  for (const term of terms) {
    const options = formsOf(term);
    if (options.length === 0) continue;
    const tokens = tokensOf(term);
    // A plain word: its prefix on the index, or its alternatives'.
    if (options.every((o) => tokensOf(o).length === 1 && tokensOf(o)[0] === o && indexable(o, engine))) {
      clauses.push(options);
      continue;
    }
    // A word with punctuation or too short for the index: the index narrows by its pieces it holds (when
    // the word has no alternatives), the LIKE decides.
    const pieces = tokens.filter((t) => indexable(t, engine));
    if (options.length === 1 && pieces.length > 0) {
      clauses.push(...pieces.map((piece) => [piece]));
      parts.push(like(term));
      continue;
    }
    const alternatives = options.map(like);
    parts.push(alternatives.length === 1 ? alternatives[0] : { sql: `(${alternatives.map((a) => a.sql).join(' OR ')})`, params: alternatives.flatMap((a) => a.params) });
  }
  if (clauses.length === 0) return { parts };
  const match =
    engine === 'sqlite'
      ? clauses.map((words) => `(${words.map((w) => `"${w}"*`).join(' OR ')})`).join(' AND ')
      : clauses.map((words) => `+(${words.map((w) => `${w}*`).join(' ')})`).join(' ');
  if (reading === 'joined') return { parts, match, readsFullText: false };
  if (reading === 'perRow') {
    // Words are runs of letters and digits here (tokensOf), so nothing in them needs escaping.
    const boundary = engine === 'sqlite' ? '[^\\p{L}\\p{N}]' : "[^\\p{L}\\p{N}_']";
    // A LIKE first: the text holds the word somewhere (both sides are folded alike, foldText), which the
    // engine checks several times faster than the regular expression (MariaDB at 100,000 listings, "camry"
    // newest first, 1,405 rows walked: 31 -> 7 ms in the condition); the expression then runs on those alone.
    const wordStarts = clauses.map((words) => {
      const contains = words.map((w) => like(w));
      return {
        sql: `(${contains.map((c) => c.sql).join(' OR ')}) AND searchText REGEXP ?`,
        params: [...contains.flatMap((c) => c.params), `(^|${boundary})(${words.join('|')})`],
      };
    });
    return { parts: [...wordStarts, ...parts], match, readsFullText: false };
  }
  const sql =
    engine === 'mysql' ? 'MATCH (searchText) AGAINST (? IN BOOLEAN MODE)' : `id IN (SELECT rowid FROM ${KEYWORD_TABLE} WHERE ${KEYWORD_TABLE} MATCH ?)`;
  return { parts: [{ sql, params: [match] }, ...parts], match, readsFullText: engine === 'mysql' };
}

/**
 * How "Best match" ranks: the relevance column (higher first). MariaDB scores the same boolean MATCH as the
 * filter. SQLite reads the full-text matches first, in rank order (bm25, lower is better; newest first
 * among equals), as the outer loop (CROSS JOIN), looking each one's listing up by id, and `orderBy` names
 * that same order, so the page stops once it has its rows: "leather" (25,000 matches of 100,000) 38 -> 18 ms,
 * where sorting after the join looked up every match's listing. The subquery's `LIMIT -1` keeps it a
 * subquery (a flattened one loses its order). Looking up the full-text table from each listing instead runs
 * the whole full-text query per row (42 s).
 */
export function relevanceOf(
  engine: SqlEngine,
  match: string,
  ids?: readonly number[],
): { column: string; before: string; after: string; params: unknown[]; fromParams: unknown[]; orderBy?: string } {
  if (engine === 'mysql') return { column: 'MATCH (searchText) AGAINST (? IN BOOLEAN MODE) AS relevance', before: '', after: '', params: [match], fromParams: [] };
  // Only `ids` (bringing a kept ranking forward): FTS5 scores those rows alone, with the whole table's statistics.
  const only = ids ? ` AND rowid IN (${ids.map(() => '?').join(', ')})` : '';
  return {
    column: '-kw.kwRank AS relevance',
    before: `(SELECT rowid AS kwId, rank AS kwRank FROM ${KEYWORD_TABLE} WHERE ${KEYWORD_TABLE} MATCH ?${only} ORDER BY rank, rowid DESC LIMIT -1) kw CROSS JOIN `,
    after: ' ON vehicles.id = kw.kwId',
    params: [],
    fromParams: [match, ...(ids ?? [])],
    // The same order as SORT_SQL's "relevance DESC, id DESC", in the subquery's own columns.
    orderBy: 'kw.kwRank, kw.kwId DESC',
  };
}

/** How "Best match" reads the matches on each engine: SQLite's ranking joins them (relevanceOf); MariaDB's MATCH filters them. */
export function rankedReading(engine: SqlEngine): KeywordReading {
  return engine === 'sqlite' ? 'joined' : 'index';
}

/** SQLite: a listing's words into the full-text table (in the writer's transaction). MariaDB indexes itself. */
export async function writeKeywordIndex(manager: EntityManager, id: number, searchText: string | null): Promise<void> {
  if (sqlEngineOf(manager.connection) !== 'sqlite') return;
  await manager.query(`DELETE FROM ${KEYWORD_TABLE} WHERE rowid = ?`, [id]);
  if (searchText) await manager.query(`INSERT INTO ${KEYWORD_TABLE} (rowid, searchText) VALUES (?, ?)`, [id, searchText]);
}

/** SQLite: a deleted listing out of the full-text table. */
export async function dropFromKeywordIndex(manager: EntityManager, id: number): Promise<void> {
  if (sqlEngineOf(manager.connection) !== 'sqlite') return;
  await manager.query(`DELETE FROM ${KEYWORD_TABLE} WHERE rowid = ?`, [id]);
}

/** SQLite: listings inserted by a bulk load (the search bench's seed) after `afterId` into the full-text table. */
export async function indexBulkLoadedListings(manager: EntityManager, afterId: number): Promise<void> {
  if (sqlEngineOf(manager.connection) !== 'sqlite') return;
  await manager.query(`INSERT INTO ${KEYWORD_TABLE} (rowid, searchText) SELECT id, searchText FROM vehicles WHERE id > ? AND searchText IS NOT NULL`, [afterId]);
}
