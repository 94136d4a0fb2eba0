import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SearchFilters } from '@app/shared';
import { useCurrentUser } from '../../api/queries';

/** The dialogs, loaded when the visitor first asks to save a search (or comes back from signing in to do so). */
const SaveSearchDialogs = lazy(() => import(/* webpackChunkName: "save-search" */ './SaveSearchDialogs'));

/** Asks the search page to open the dialog once the visitor is back from signing in. */
export const SAVE_SEARCH_PARAM = 'saveSearch';

/**
 * "Save this search": a name and how often to e-mail new matches and price drops. A visitor signs in (or
 * creates an account) in a dialog on the page, with the /auth page's own form, and goes on to the same dialog.
 * (A link back from /auth with ?saveSearch=1 opens it too.)
 */
export function SaveSearch({ filters }: { filters: SearchFilters }) {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [signIn, setSignIn] = useState(false);

  // Back from signing in with ?saveSearch=1: open the dialog, and drop the flag from the address.
  useEffect(() => {
    if (!user || params.get(SAVE_SEARCH_PARAM) !== '1') return;
    setOpen(true);
    const next = new URLSearchParams(params);
    next.delete(SAVE_SEARCH_PARAM);
    setParams(next, { replace: true });
  }, [user, params, setParams]);

  const start = () => (user ? setOpen(true) : setSignIn(true));
  const close = useCallback(() => setOpen(false), []);
  const closeSignIn = useCallback(() => setSignIn(false), []);
  const signedIn = useCallback(() => {
    setSignIn(false);
    setOpen(true);
  }, []);

  return (
    <>
      <button type="button" className="btn btn-outline save-search-btn" onClick={start}>
        Save this search
      </button>
      {open || signIn ? (
        <Suspense fallback={null}>
          <SaveSearchDialogs filters={filters} open={open} signIn={signIn && !user} onClose={close} onCloseSignIn={closeSignIn} onSignedIn={signedIn} />
        </Suspense>
      ) : null}
    </>
  );
}
