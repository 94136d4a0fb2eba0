/**
 * Display-name clean-up for vPIC make / model / trim strings. Shared by the
 * catalog generator and the VIN decoder so both produce the same names.
 */

/** All-caps words of 4+ letters that must stay upper case. */
const KEEP_UPPER = new Set(['PHEV', 'FCEV', 'HEMI', 'MINI', 'DOHC', 'SOHC', 'SULEV', 'PZEV', 'AMG', 'FFV']);

function titleWord(word: string): string {
  return word.charAt(0) + word.slice(1).toLowerCase();
}

function normaliseToken(token: string): string {
  const keep = KEEP_UPPER.has(token) || /^MK[IVX]+$/.test(token) || !/^[A-Z]{4,}$/.test(token);
  return keep ? token : titleWord(token);
}

function normaliseWord(word: string): string {
  // Only words written entirely in capitals are touched ("FCHV-adv" stays).
  if (/[a-z]/.test(word)) return word;
  return word.split('-').map(normaliseToken).join('-');
}

/**
 * Fixes vPIC's ALL CAPS words ("SENNA GTR" -> "Senna GTR", "COROLLA iM" ->
 * "Corolla iM"). Words of up to 3 letters ("GT", "XLT") and words with digits
 * ("F-150", "RAV4") are kept; hyphenated parts are handled one by one.
 */
export function displayCase(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .split(' ')
    .map(normaliseWord)
    .join(' ');
}

export interface NormalisedModel {
  /** Canonical display make ("Scion" for Toyota's "Scion tC"). */
  make: string;
  model: string;
  /** Part of the vPIC model name that is really a trim (BMW "330i"). */
  trimPrefix: string | null;
}

const BMW_NUMERIC = /^(M?)([1-8])(\d\d)([A-Za-z]*)(?:,\s*(.+))?$/;
const BMW_SPECIAL: Record<string, [string, string]> = {
  'ActiveHybrid 3': ['3 Series', 'ActiveHybrid 3'],
  'ActiveHybrid 5': ['5 Series', 'ActiveHybrid 5'],
  'ActiveHybrid 7': ['7 Series', 'ActiveHybrid 7'],
  ActiveE: ['1 Series', 'ActiveE'],
  B7: ['7 Series', 'Alpina B7'],
  'Alpina B8': ['8 Series', 'Alpina B8'],
  M3Ci: ['M3', 'Convertible'],
};

/** BMW: vPIC names models by variant ("328i", "M340i"); we group by series. */
function normaliseBmw(model: string): [string, string | null] {
  const special = BMW_SPECIAL[model];
  if (special) return special;
  const match = BMW_NUMERIC.exec(model);
  if (!match) return [model, null];
  return [`${match[2]} Series`, model];
}

/** Plain renames: vPIC name -> display name, per make. */
const MODEL_RENAMES: Record<string, Record<string, string>> = {
  Chevrolet: { 'GMT-400': 'C/K Pickup', 'Geo Prizm': 'Prizm', 'S-10 Pickup': 'S-10' },
  Ram: { 'Promaster City': 'ProMaster City' },
  Dodge: { 'RAM 50': 'Ram 50' },
  Toyota: { 'COROLLA iM': 'Corolla iM', 'Pick-Up': 'Pickup' },
  Volkswagen: { FOX: 'Fox' },
};

function splitVariant(model: string, base: string): [string, string | null] | null {
  if (!model.startsWith(`${base} `)) return null;
  return [base, model.slice(base.length + 1)];
}

function stripParenthetical(model: string): string {
  return model.replace(/\s*\((?:PHEV|FCEV|HEV|BEV)\)\s*$/i, '');
}

/**
 * Maps a (canonical make, vPIC model) pair to display names. `make` must
 * already be our canonical display make (see makes.ts).
 */
export function normaliseModel(make: string, vpicModel: string): NormalisedModel {
  let model = displayCase(stripParenthetical(vpicModel));
  let outMake = make;
  let trimPrefix: string | null = null;
  if (make === 'Toyota' && model.startsWith('Scion ')) {
    outMake = 'Scion';
    model = model.slice('Scion '.length);
  }
  if (make === 'BMW') [model, trimPrefix] = normaliseBmw(model);
  if (make === 'Ram') {
    const variant = splitVariant(model, 'ProMaster');
    if (variant && /^\d{4}$/.test(variant[1] ?? '')) [model, trimPrefix] = variant;
  }
  model = MODEL_RENAMES[make]?.[model] ?? model;
  return { make: outMake, model, trimPrefix };
}

/** Lowercase slug: "Mercedes-Benz" -> "mercedes-benz", "3 Series" -> "3-series". */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Drive-layout notes vPIC appends to trims: "Targa (4WD)", "Carrera (2WD + 4WD)". */
const DRIVE_NOTE = /\s*\((?:\s*(?:[24]WD|AWD|FWD|RWD|4x[24])\s*(?:[+/,&]|and)?)+\)/gi;
/** Where vPIC lists alternatives in one trim value: "Sport / Touring", "S, GTS", "Carrera/Carrera 4"; not "w/". */
const ALTERNATIVES = /\s*(?:;|,|(?<!\bw)\/)\s*/i;
/** Generation codes listed as trims ("Type 982"). */
const GENERATION_CODE = /^Type [0-9A-Z]+$/i;

/**
 * The trims a vPIC trim value names, as a seller would write them: alternatives split ("S, GTS" is S and
 * GTS), drive notes dropped ("4 Targa (4WD)" is "4 Targa"; the drivetrain is its own field), generation codes
 * left out, each once.
 */
export function splitTrimValue(value: string): string[] {
  const parts = value
    .replace(DRIVE_NOTE, '')
    .split(ALTERNATIVES)
    .map((part) => displayCase(part))
    .filter((part) => part.length > 0 && !GENERATION_CODE.test(part));
  return parts.filter((part, i) => parts.findIndex((p) => p.toLowerCase() === part.toLowerCase()) === i);
}

/** Joins the non-empty, distinct parts of a trim ("330i" + "xDrive"). */
export function joinTrim(parts: ReadonlyArray<string | null | undefined>): string | null {
  const seen: string[] = [];
  for (const part of parts) {
    const clean = part?.trim();
    if (clean && !seen.some((s) => s.toLowerCase() === clean.toLowerCase())) seen.push(clean);
  }
  return seen.length > 0 ? seen.join(' ') : null;
}
