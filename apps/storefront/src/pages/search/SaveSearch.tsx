import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_LIMITS,
  errorMessage,
  fieldErrorsText,
  type AlertFrequency,
  filterChips,
  paramsFromFilters,
  type SearchFilters,
} from '@app/shared';
import { api } from '../../api/client';
import { queryKeys, useCurrentUser } from '../../api/queries';
import type { AuthTab } from '../auth/AuthForm';
import { LazySheet as Sheet } from '../../components/LazySheet';
import { toast } from '../../stores/toast';

/** The sign-in form of the /auth page, loaded when a visitor first asks to save a search. */
const AuthForm = lazy(() => import(/* webpackChunkName: "auth-form" */ '../auth/AuthForm').then((m) => ({ default: m.AuthForm })));

/** Asks the search page to open the dialog once the visitor is back from signing in. */
export const SAVE_SEARCH_PARAM = 'saveSearch';

/** A name for the search from its filters ("Porsche · 911 · Up to $100,000"), or "All vehicles". */
function suggestedName(filters: SearchFilters): string {
  const name = filterChips(filters)
    .map((chip) => chip.label.replace(/^(Make|Model): /, ''))
    .join(' · ');
  return (name || 'All vehicles').slice(0, SAVED_SEARCH_LIMITS.nameMax);
}

/**
 * "Save this search": a name and how often to e-mail new matches and price drops. A visitor signs in (or
 * creates an account) in a dialog on the page, with the /auth page's own form, and goes on to the same dialog.
 * (A link back from /auth with ?saveSearch=1 opens it too.)
 */
export function SaveSearch({ filters }: { filters: SearchFilters }) {
  const id = useId();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [signIn, setSignIn] = useState(false);
  const [authTab, setAuthTab] = useState<AuthTab>('signin');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const save = useMutation({
    mutationFn: (input: { name: string; query: string; frequency: AlertFrequency }) => api.json('/api/user/searches', { method: 'POST', json: input }),
    onSuccess: (saved) => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches });
      toast({
        title: 'Search saved',
        description: saved.frequency === 'off' ? 'Find it under Saved searches.' : `We will e-mail you new matches (${ALERT_FREQUENCY_LABELS[saved.frequency].toLowerCase()}).`,
        variant: 'success',
      });
    },
  });

  // Back from signing in with ?saveSearch=1: open the dialog, and drop the flag from the address.
  useEffect(() => {
    if (!user || params.get(SAVE_SEARCH_PARAM) !== '1') return;
    setOpen(true);
    const next = new URLSearchParams(params);
    next.delete(SAVE_SEARCH_PARAM);
    setParams(next, { replace: true });
  }, [user, params, setParams]);

  const start = () => {
    if (user) {
      save.reset();
      setOpen(true);
      return;
    }
    setSignIn(true);
  };

  const close = useCallback(() => setOpen(false), []);
  const closeSignIn = useCallback(() => setSignIn(false), []);
  const signedIn = useCallback(() => {
    setSignIn(false);
    save.reset();
    setOpen(true);
  }, [save]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    save.mutate({ name, query: paramsFromFilters(filters).toString(), frequency });
  };

  return (
    <>
      <button type="button" className="btn btn-outline save-search-btn" onClick={start}>
        Save this search
      </button>
      <Sheet open={signIn && !user} onClose={closeSignIn} title="Get alerts for this search">
        <div className="save-search-signin">
          <p className="auth-lead">
            Sign in or create a free account to save this search. We e-mail you when new cars match or prices drop; one
            click in any alert turns it off.
          </p>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <AuthForm tab={authTab} onTab={setAuthTab} onSignedIn={signedIn} />
          </Suspense>
        </div>
      </Sheet>
      <Sheet open={open} onClose={close} title="Save this search">
        <form onSubmit={submit} className="save-search-form">
          <div className="field">
            <label htmlFor={`${id}-name`}>
              Name <span className="required" aria-hidden="true">*</span>
            </label>
            <input id={`${id}-name`} name="name" className="input" required maxLength={SAVED_SEARCH_LIMITS.nameMax} defaultValue={suggestedName(filters)} />
          </div>
          <fieldset className="field">
            <legend>E-mail me new matches and price drops</legend>
            {ALERT_FREQUENCIES.map((f) => (
              <label key={f} className="checkbox">
                <input type="radio" name="frequency" value={f} checked={frequency === f} onChange={() => setFrequency(f)} />
                <span>{ALERT_FREQUENCY_LABELS[f]}</span>
              </label>
            ))}
          </fieldset>
          {save.error ? (
            <p className="field-error" role="alert">
              {fieldErrorsText(save.error) || errorMessage(save.error)}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save search'}
          </button>
        </form>
      </Sheet>
    </>
  );
}
