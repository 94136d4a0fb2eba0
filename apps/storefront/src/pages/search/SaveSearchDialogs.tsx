import { useMutation, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
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
import { queryKeys } from '../../api/queries';
import type { AuthTab } from '../auth/AuthForm';
import { LazySheet as Sheet } from '../../components/LazySheet';
import { toast } from '../../stores/toast';

/** The sign-in form of the /auth page, loaded when a visitor first asks to save a search. */
const AuthForm = lazy(() => import(/* webpackChunkName: "auth-form" */ '../auth/AuthForm').then((m) => ({ default: m.AuthForm })));

/** A name for the search from its filters ("Porsche · 911 · Up to $100,000"), or "All vehicles". */
function suggestedName(filters: SearchFilters): string {
  const name = filterChips(filters)
    .map((chip) => chip.label.replace(/^(Make|Model): /, ''))
    .join(' · ');
  return (name || 'All vehicles').slice(0, SAVED_SEARCH_LIMITS.nameMax);
}

interface SaveSearchDialogsProps {
  filters: SearchFilters;
  /** The save dialog is open. */
  open: boolean;
  /** The sign-in dialog is open (a visitor who is not signed in asked to save). */
  signIn: boolean;
  onClose: () => void;
  onCloseSignIn: () => void;
  /** Signed in from the sign-in dialog: on to the save dialog. */
  onSignedIn: () => void;
}

/** SaveSearch's dialogs (sign in, then name and alerts), loaded when the visitor first asks to save a search. */
export default function SaveSearchDialogs({ filters, open, signIn, onClose, onCloseSignIn, onSignedIn }: SaveSearchDialogsProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const [authTab, setAuthTab] = useState<AuthTab>('signin');
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const save = useMutation({
    mutationFn: (input: { name: string; query: string; frequency: AlertFrequency }) => api.json('/api/user/searches', { method: 'POST', json: input }),
    onSuccess: (saved) => {
      onClose();
      void queryClient.invalidateQueries({ queryKey: queryKeys.savedSearches });
      toast({
        title: 'Search saved',
        description: saved.frequency === 'off' ? 'Find it under Saved searches.' : `We will e-mail you new matches (${ALERT_FREQUENCY_LABELS[saved.frequency].toLowerCase()}).`,
        variant: 'success',
      });
    },
  });
  // Each opening of the save dialog starts afresh (no error or result of the last one).
  const { reset } = save;
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
    save.mutate({ name, query: paramsFromFilters(filters).toString(), frequency });
  };

  return (
    <>
      <Sheet open={signIn} onClose={onCloseSignIn} title="Get alerts for this search">
        <div className="save-search-signin">
          <p className="auth-lead">
            Sign in or create a free account to save this search. We e-mail you when new cars match or prices drop; one
            click in any alert turns it off.
          </p>
          <Suspense fallback={<p role="status">Loading…</p>}>
            <AuthForm tab={authTab} onTab={setAuthTab} onSignedIn={onSignedIn} />
          </Suspense>
        </div>
      </Sheet>
      <Sheet open={open} onClose={onClose} title="Save this search">
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
