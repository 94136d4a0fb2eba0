import type { TransformFnParams } from 'class-transformer';

/** Trims strings; leaves every other value for the validators to judge. */
export const trimmed = ({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : value);

/** Trims and lowercases strings (e-mail addresses). */
export const lowercased = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.trim().toLowerCase() : value;

/** Trims strings and turns an empty one into undefined, for optional fields. */
export const emptyToUndefined = ({ value }: TransformFnParams): unknown => {
  if (typeof value !== 'string') return value;
  const t = value.trim();
  return t === '' ? undefined : t;
};

/**
 * Query-string integers: "12" becomes 12; anything else is left for the validators to refuse
 * (query parameters arrive as strings and the API converts nothing implicitly).
 */
export const toInteger = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;

/** Query-string booleans: "true"/"1" and "false"/"0"; anything else is left for the validators. */
export const toBoolean = ({ value }: TransformFnParams): unknown => {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return value;
};

/** Trims strings and collapses every run of whitespace (line breaks included) to one space: one-line fields. */
export const singleLine = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value;
