import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { apiUrl, type PublicUser } from '@app/shared';
import AdminApp from './AdminApp';
import { DevSignIn } from './DevSignIn';

/*
 * Standalone development page (`npm run dev -w @app/admin`, API behind the dev server's proxy): the
 * storefront is not there to pass the session user, so this page asks GET /api/user itself and offers a
 * sign-in form when nobody (or a non-admin) is signed in.
 */
function Standalone() {
  const [user, setUser] = useState<PublicUser | null | undefined>(undefined);
  useEffect(() => {
    fetch(apiUrl('/api/user'), { credentials: 'include' })
      .then((r) => (r.ok ? (r.json() as Promise<PublicUser>) : null))
      .then(setUser, () => setUser(null));
  }, []);
  if (user === undefined) return null;
  if (user?.role !== 'admin') return <DevSignIn onSignedIn={setUser} />;
  return <AdminApp basePath="/" apiBase="/api" user={user} />;
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Standalone />
  </StrictMode>,
);
