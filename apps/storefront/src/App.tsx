import { useEffect } from 'react';
import { FALLBACK_CONFIG, usePublicConfig } from './config';
import { AdminRemote } from './remotes/admin';

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

function Home() {
  return (
    <section>
      <h2>Sell Your Car with Personal Support</h2>
      <p>
        <a href="/auth">Start Selling Today</a> · <a href="/search">Browse Market Listings</a>
      </p>
    </section>
  );
}

export function App() {
  const config = usePublicConfig();
  const siteName = config?.siteName ?? FALLBACK_CONFIG.siteName;

  useEffect(() => {
    document.title = siteName;
  }, [siteName]);

  return (
    <>
      <header className="site-header">
        <h1>{siteName}</h1>
        <nav>
          <a href="/">Home</a>
          <a href="/admin">Admin</a>
        </nav>
      </header>
      <main className="site-main">
        {/* user comes from the session store once auth is wired in. */}
        {isAdminPath(window.location.pathname) ? <AdminRemote user={null} /> : <Home />}
      </main>
    </>
  );
}
