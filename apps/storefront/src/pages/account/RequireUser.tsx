import { useEffect, useRef, type ReactNode } from 'react';
import { apiUrl, type PublicUser } from '@app/shared';
import { useCurrentUser } from '../../api/queries';
import { afterPaint } from '../../lib/after-paint';
import { toast } from '../../stores/toast';

/** SPEC.md section 9: the pause before an unauthorized visitor is sent on. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

/**
 * Tells the visitor why they are sent away (`message`, a toast) and sends them to `target`
 * UNAUTHORIZED_REDIRECT_MS after the browser has painted the toast, so that it shows that long however slow the
 * page is to draw it: a timer started with the toast ran down while a busy phone was still drawing the page, which
 * then went to the sign-in page before the toast ever showed (a browser test caught that on a loaded machine).
 * Answers a function that calls the redirect off.
 */
export function redirectAfterToast(message: { title: string; description?: string }, target: string, go: (url: string) => void = (url) => window.location.assign(url)): () => void {
  toast({ title: message.title, description: message.description, variant: 'destructive' });
  let timer: number | undefined;
  let cancelled = false;
  afterPaint(() => {
    if (!cancelled) timer = window.setTimeout(() => go(target), UNAUTHORIZED_REDIRECT_MS);
  });
  return () => {
    cancelled = true;
    window.clearTimeout(timer);
  };
}

interface RequireUserProps {
  /** The toast a signed-out visitor gets before going to the login path. */
  unauthorized: { title: string; description?: string };
  /** Extra condition on the signed-in user (admin pages); failing it shows `forbidden`. */
  allow?: (user: PublicUser) => boolean;
  forbidden?: { title: string; description?: string; redirectTo: string };
  skeleton: ReactNode;
  children: (user: PublicUser) => ReactNode;
}

/** A signed-in route: a skeleton while the session loads, then the page or the unauthorized redirect. */
export function RequireUser({ unauthorized, allow, forbidden, skeleton, children }: RequireUserProps) {
  const { user, isLoading } = useCurrentUser();
  const denied = !isLoading && (!user || (allow ? !allow(user) : false));
  // Logging out here is not "unauthorized": the header says 'Signed out' and goes to /.
  const hadUser = useRef(false);
  if (user) hadUser.current = true;

  useEffect(() => {
    if (!denied || (hadUser.current && !user)) return;
    const signedIn = !!user;
    const message = signedIn && forbidden ? forbidden : unauthorized;
    const target = signedIn && forbidden ? forbidden.redirectTo : apiUrl(`/api/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    return redirectAfterToast(message, target);
  }, [denied, user, unauthorized, forbidden]);

  if (isLoading || denied || !user) return <>{skeleton}</>;
  return <>{children(user)}</>;
}

export function FormSkeleton({ title }: { title: string }) {
  return (
    <div className="container page" aria-busy="true">
      <h1 className="page-title">{title}</h1>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="skeleton" style={{ height: 140, marginBottom: 20 }} />
      ))}
    </div>
  );
}
