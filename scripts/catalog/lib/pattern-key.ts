/**
 * vPIC pattern keys describe VIN positions 4+ ("B[A-H8]**D", optionally
 * "|"-separated VIS part). Two patterns of one schema can apply to the same
 * vehicle only if their keys can match a common VIN: every position's
 * character sets must intersect.
 */

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const HALF = 18;

/** Bit set over ALPHABET split in two 18-bit halves (JS bit ops are 32-bit). */
interface CharSet {
  lo: number;
  hi: number;
}

/** null = wildcard. */
type Position = CharSet | null;

export interface ParsedKey {
  vds: Position[];
  vis: Position[];
}

function addChar(set: CharSet, char: string): void {
  const index = ALPHABET.indexOf(char.toUpperCase());
  if (index < 0) return;
  if (index < HALF) set.lo |= 1 << index;
  else set.hi |= 1 << (index - HALF);
}

function addRange(set: CharSet, from: string, to: string): void {
  const start = ALPHABET.indexOf(from.toUpperCase());
  const end = ALPHABET.indexOf(to.toUpperCase());
  for (let i = start; i >= 0 && i <= end; i++) addChar(set, ALPHABET[i] ?? '');
}

function parseClass(body: string): CharSet {
  const set: CharSet = { lo: 0, hi: 0 };
  for (let i = 0; i < body.length; i++) {
    const char = body[i] ?? '';
    const next = body[i + 1];
    const after = body[i + 2];
    if (next === '-' && after !== undefined) {
      addRange(set, char, after);
      i += 2;
    } else {
      addChar(set, char);
    }
  }
  return set;
}

function parsePart(part: string): Position[] {
  const positions: Position[] = [];
  for (let i = 0; i < part.length; i++) {
    const char = part[i] ?? '';
    if (char === '[') {
      const close = part.indexOf(']', i);
      const end = close < 0 ? part.length : close;
      positions.push(parseClass(part.slice(i + 1, end)));
      i = end;
    } else if (char === '*') {
      positions.push(null);
    } else {
      const set: CharSet = { lo: 0, hi: 0 };
      addChar(set, char);
      positions.push(set);
    }
  }
  return positions;
}

export function parseKey(keys: string): ParsedKey {
  const [vds = '', vis = ''] = keys.split('|');
  return { vds: parsePart(vds), vis: parsePart(vis) };
}

function positionsIntersect(a: Position[], b: Position[]): boolean {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a[i];
    const y = b[i];
    if (x && y && (x.lo & y.lo) === 0 && (x.hi & y.hi) === 0) return false;
  }
  return true;
}

export function keysCompatible(a: ParsedKey, b: ParsedKey): boolean {
  return positionsIntersect(a.vds, b.vds) && positionsIntersect(a.vis, b.vis);
}
