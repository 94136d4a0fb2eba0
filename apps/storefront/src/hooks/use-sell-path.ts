import { useCurrentUser } from '../api/queries';

/**
 * Where a "sell" call to action leads: the listing form when signed in; otherwise sign-in, which returns to
 * the form (a signed-in seller sent to /auth was bounced to the home page).
 */
export function useSellPath(): string {
  const { user } = useCurrentUser();
  return user ? '/create-listing' : `/auth?returnTo=${encodeURIComponent('/create-listing')}`;
}
