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

/** Trims strings and collapses every run of whitespace (line breaks included) to one space: one-line fields. */
export const singleLine = ({ value }: TransformFnParams): unknown =>
  typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value;
