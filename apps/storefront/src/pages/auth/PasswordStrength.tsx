import { useEffect, useState } from 'react';
import type { PasswordContext, PasswordVerdict } from '@app/shared/auth/password-strength';

type Checker = (password: string, context?: PasswordContext) => PasswordVerdict;

/** The API's strength rule, loaded on demand (its dictionaries are large): never in the first-load bundle. */
let loading: Promise<Checker> | undefined;
function loadChecker(): Promise<Checker> {
  loading ??= import(/* webpackChunkName: "password-strength" */ '@app/shared/auth/password-strength').then((m) => m.createPasswordChecker());
  return loading;
}

const LABELS = ['Too easy to guess', 'Too easy to guess', 'Good', 'Strong', 'Very strong'];

/** The verdict of the shared strength rule on what is typed, 150 ms after typing stops; null before. */
export function usePasswordVerdict(password: string, context: PasswordContext): PasswordVerdict | null {
  const [verdict, setVerdict] = useState<PasswordVerdict | null>(null);
  const { email, firstName, lastName, siteName } = context;
  useEffect(() => {
    if (!password) {
      setVerdict(null);
      return;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void loadChecker().then((check) => current && setVerdict(check(password, { email, firstName, lastName, siteName })));
    }, 150);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [password, email, firstName, lastName, siteName]);
  return verdict;
}

/** A four-step meter with the rule's verdict in words (announced politely as it changes). */
export function PasswordStrength({ id, verdict }: { id: string; verdict: PasswordVerdict | null }) {
  const level = verdict ? Math.max(1, verdict.score) : 0;
  return (
    <div className="password-strength" data-level={level}>
      <div className="password-meter" aria-hidden="true">
        {[1, 2, 3, 4].map((step) => (
          <span key={step} className={step <= level ? 'on' : undefined} />
        ))}
      </div>
      <span id={id} className="field-hint" aria-live="polite">
        {verdict ? (verdict.problem ?? `${LABELS[verdict.score]}${verdict.suggestions[0] ? `. ${verdict.suggestions[0]}` : ''}`) : ''}
      </span>
    </div>
  );
}
