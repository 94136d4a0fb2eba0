import { registerDecorator, type ValidationArguments, type ValidationOptions } from 'class-validator';
import type { TransformFnParams } from 'class-transformer';

/** Registers a one-off class-validator rule with a fixed message. */
export function rule(
  name: string,
  test: (value: unknown, args: ValidationArguments) => boolean,
  message: string | ((args: ValidationArguments) => string),
  options?: ValidationOptions,
) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: test },
    });
}

/** Numeric strings from forms ("2020", "45000.50") become numbers; anything else is left for the validators. */
export const numeric = ({ value }: TransformFnParams): unknown => {
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return value;
};

/** A string list cleaned as the forms clean it: trimmed, empty entries dropped, duplicates (any case) dropped. */
export function cleanStringList(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const seen = new Set<string>();
  const out: unknown[] = [];
  for (const entry of value) {
    if (typeof entry !== 'string') {
      out.push(entry);
      continue;
    }
    const t = entry.trim().replace(/\s+/g, ' ');
    if (!t || seen.has(t.toLowerCase())) continue;
    seen.add(t.toLowerCase());
    out.push(t);
  }
  return out;
}

export const cleanList = ({ value }: TransformFnParams): unknown => cleanStringList(value);

/** Up to 2 decimal places (money). */
export const hasAtMostTwoDecimals = (value: unknown): boolean =>
  typeof value === 'number' && Number.isFinite(value) && Math.round(value * 100) === Number((value * 100).toFixed(6));
