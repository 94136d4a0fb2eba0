import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  ALERT_FREQUENCIES,
  ALERT_FREQUENCY_LABELS,
  SAVED_SEARCH_LIMITS,
  errorMessage,
  fieldErrorsText,
  formatCount,
  sitePath,
  type AlertFrequency,
  type PublicUser,
  type SavedSearch,
  filterChips,
  filtersFromParams,
} from '@app/shared';
import { api } from '../../api/client';
import { queryKeys, useSavedSearches } from '../../api/queries';
import { useDocumentMeta } from '../../hooks/use-document-meta';
import { toast } from '../../stores/toast';
import { RequireUser } from '../account/RequireUser';
import '../account/account.css';

const UNAUTHORIZED = { title: 'Unauthorized', description: 'Sign in to see your saved searches.' };
export const SAVED_SEARCHES_KEY = queryKeys.savedSearches;
const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** What a saved search looks for, in the words of the search page's filter chips. */
function describeQuery(query: string): string {
  const chips = filterChips(filtersFromParams(new URLSearchParams(query)));
  return chips.length ? chips.map((c) => c.label).join(' · ') : 'Every vehicle for sale';
}

function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="field-error" role="alert">
      {fieldErrorsText(error) || errorMessage(error)}
    </p>
  );
}

function SavedSearchItem({ search }: { search: SavedSearch }) {
  const id = useId();
  const client = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const update = useMutation({
    mutationFn: (change: { name?: string; frequency?: AlertFrequency }) =>
      api.json(`/api/user/searches/${search.id}`, { method: 'PATCH', json: change }),
    onSuccess: (saved) => {
      client.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) => list?.map((s) => (s.id === saved.id ? saved : s)));
      setRenaming(false);
      toast({ title: 'Saved search updated', variant: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: () => api.request(`/api/user/searches/${search.id}`, { method: 'DELETE' }),
    onSuccess: () => {
      client.setQueryData<SavedSearch[]>(SAVED_SEARCHES_KEY, (list) => list?.filter((s) => s.id !== search.id));
      toast({ title: 'Saved search deleted', description: search.name, variant: 'success' });
    },
  });
  const searchLink = `${sitePath('/search')}${search.query ? `?${search.query}` : ''}`;

  return (
    <li className="saved-search" aria-labelledby={`${id}-name`}>
      <div className="saved-search-main">
        {renaming ? (
          <form
            className="saved-search-rename"
            onSubmit={(e) => {
              e.preventDefault();
              update.mutate({ name: String(new FormData(e.currentTarget).get('name') ?? '').trim() });
            }}
          >
            <label htmlFor={`${id}-rename`} className="visually-hidden">
              Name of this search
            </label>
            <input id={`${id}-rename`} name="name" className="input" required maxLength={SAVED_SEARCH_LIMITS.nameMax} defaultValue={search.name} autoFocus />
            <button type="submit" className="btn btn-primary" disabled={update.isPending}>
              Save
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setRenaming(false)}>
              Cancel
            </button>
          </form>
        ) : (
          <h2 id={`${id}-name`} className="saved-search-name">
            {search.name}
          </h2>
        )}
        <p className="saved-search-filters">{describeQuery(search.query)}</p>
        <p className="profile-note saved-search-meta">
          {search.matches === 1 ? '1 vehicle matches now' : `${formatCount(search.matches)} vehicles match now`}
          {search.lastAlertAt ? ` · last checked for alerts ${dateTime.format(new Date(search.lastAlertAt))}` : ''}
        </p>
      </div>
      <div className="saved-search-tools">
        <div className="field saved-search-frequency">
          <label htmlFor={`${id}-frequency`}>E-mail alerts</label>
          <select
            id={`${id}-frequency`}
            className="input"
            value={search.frequency}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ frequency: e.target.value as AlertFrequency })}
          >
            {ALERT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {ALERT_FREQUENCY_LABELS[f]}
              </option>
            ))}
          </select>
        </div>
        <div className="saved-search-buttons">
          <Link className="btn btn-primary" to={searchLink}>
            Run search<span className="visually-hidden">: {search.name}</span>
          </Link>
          {renaming ? null : (
            <button type="button" className="btn btn-outline" onClick={() => setRenaming(true)}>
              Rename<span className="visually-hidden"> {search.name}</span>
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Delete<span className="visually-hidden"> {search.name}</span>
          </button>
        </div>
      </div>
      <Problem error={update.error ?? remove.error} />
    </li>
  );
}

function SavedSearches(_: { user: PublicUser }) {
  const searches = useSavedSearches();
  return (
    <div className="container page saved-searches-page">
      <h1>Saved searches</h1>
      <p className="profile-note">
        We e-mail you new matches and price drops of each search as often as you choose, never the same car twice for the same reason.
      </p>
      {searches.isPending ? <p className="profile-note">Loading...</p> : null}
      {searches.isError ? <Problem error={searches.error} /> : null}
      {searches.data && searches.data.length === 0 ? (
        <div className="empty-state">
          <h2>No saved searches yet</h2>
          <p>Search for the car you want, then choose "Save this search" above the results.</p>
          <Link className="btn btn-primary" style={{ marginTop: 16 }} to={sitePath('/search')}>
            Search vehicles
          </Link>
        </div>
      ) : null}
      {searches.data?.length ? (
        <ul className="saved-searches">
          {searches.data.map((s) => (
            <SavedSearchItem key={s.id} search={s} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export default function SavedSearchesPage() {
  useDocumentMeta('Saved Searches', 'Your saved searches and their e-mail alerts.');
  return (
    <RequireUser unauthorized={UNAUTHORIZED} skeleton={<div className="container page" aria-busy="true" />}>
      {(user) => <SavedSearches user={user} />}
    </RequireUser>
  );
}
