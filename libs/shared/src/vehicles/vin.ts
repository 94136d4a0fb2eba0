/** VIN rules that need no database: the 17-character alphabet (no I, O, Q) and the check digit. */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export function isValidVinFormat(vin: string): boolean {
  return VIN_PATTERN.test(vin);
}

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit a well-formed VIN should carry in position 9 ('0'–'9' or 'X'). */
export function expectedVinCheckDigit(vin: string): string {
  const sum = [...vin].reduce((acc, ch, i) => acc + (/\d/.test(ch) ? Number(ch) : (TRANSLITERATION[ch] ?? 0)) * (WEIGHTS[i] ?? 0), 0);
  const remainder = sum % 11;
  return remainder === 10 ? 'X' : String(remainder);
}

/** True when the VIN is well formed and its check digit matches. */
export function vinCheckDigitValid(vin: string): boolean {
  return isValidVinFormat(vin) && vin[8] === expectedVinCheckDigit(vin);
}
