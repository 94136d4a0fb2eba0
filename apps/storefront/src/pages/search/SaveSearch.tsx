import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_LIMITS,
  errorMessage,
  fieldErrorsText,
  sitePath,
  type AlertFrequency,
  filterChips,
  paramsFromFilters,
  type SearchFilters,
} from '@app/shared';
import { api } from '../../api/client';
import { useCurrentUser } from '../../api/queries';
import { Sheet } from '../../components/Sheet';
import { toast } from '../../stores/toast';

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
 * "Save this search": a name and how often to e-mail new matches and price drops. A visitor is sent to sign
 * in and comes back to the same search with the dialog open.
 */
export function SaveSearch({ filters }: { filters: SearchFilters }) {
  const id = useId();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const save = useMutation({
    mutationFn: (input: { name: string; query: string; frequency: AlertFrequency }) => api.json('/api/user/searches', { method: 'POST', json: input }),
    onSuccess: (saved) => {
      setOpen(false);
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
    const back = new URLSearchParams(location.search);
    back.set(SAVE_SEARCH_PARAM, '1');
    toast({ title: 'Sign in to save searches', description: 'You come back to this search afterwards.' });
    void navigate(`${sitePath('/auth')}?returnTo=${encodeURIComponent(`${location.pathname}?${back.toString()}`)}`);
  };

  const close = useCallback(() => setOpen(false), []);
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
