/**
 * A number as people type it into a form, as the API's numeric fields read it: "$89,900" → "89900",
 * "28,500 mi" → "28500", "89 900" → "89900", "1,234.50" → "1234.50". Text that is not such a number comes
 * back trimmed and unchanged, so the field's own rule names the problem.
 */
export function normaliseNumberText(text: string): string {
  const trimmed = text.trim();
  const bare = trimmed
    .replace(/^\$\s*/, '')
    .replace(/\s*(mi|miles|mpg|usd)\.?$/i, '')
    // Thousands separators: a comma, space or thin space before each group of three digits.
    .replace(/(\d)[,\s\u202f](?=\d{3}(?:\D|$))/g, '$1');
  return /^\d+(\.\d+)?$/.test(bare) ? bare : trimmed;
}
