import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as en from '@zxcvbn-ts/language-en';
import { PASSWORD_MIN_LENGTH } from './auth-limits';

/**
 * The password strength rule of registration (and every later password change), one for the API and the
 * Create Account form: at least PASSWORD_MIN_LENGTH characters, and not a common, breached-style or
 * guessable password (zxcvbn-ts with its common and English dictionaries; the site's and the person's
 * names count as guessable). Heavy (the dictionaries): the API imports it directly and the form loads it
 * on demand, never in a first-load bundle; it is left out of the package index for that reason.
 */
export const MIN_PASSWORD_SCORE = 2;

export interface PasswordContext {
  email?: string;
  firstName?: string | null;
  lastName?: string | null;
  siteName?: string;
}

export interface PasswordVerdict {
  /** 0 (too guessable) to 4 (very unguessable). */
  score: number;
  /** Why it is refused, or null when it is accepted. */
  problem: string | null;
  /** Advice for a better one. */
  suggestions: string[];
}

/** Builds the estimator once (its dictionaries are large); `check` is then pure. */
export function createPasswordChecker(): (password: string, context?: PasswordContext) => PasswordVerdict {
  const estimator = new ZxcvbnFactory({
    translations: en.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...en.dictionary },
  });
  return (password, context = {}) => {
    if (password.length < PASSWORD_MIN_LENGTH) {
      return { score: 0, problem: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`, suggestions: [] };
    }
    const personal = [context.email, context.email?.split('@')[0], context.firstName, context.lastName, context.siteName, ...(context.siteName?.split(/\s+/) ?? [])];
    const result = estimator.check(password.slice(0, 100), personal.filter((v): v is string => Boolean(v)));
    if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score, problem: null, suggestions: result.feedback.suggestions };
    const why = result.feedback.warning ?? 'This password is too easy to guess';
    return { score: result.score, problem: `${why.replace(/\.$/, '')}: choose a less common password`, suggestions: result.feedback.suggestions };
  };
}
