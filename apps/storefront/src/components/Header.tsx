import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import type { PublicUser } from '@app/shared';
import { errorMessage } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { logout, useCurrentUser, usePublicConfigQuery } from '../api/queries';
import { FALLBACK_CONFIG } from '../config';
import { displayName } from '../lib/user';
import { toast } from '../stores/toast';
import { useSellPath } from '../hooks/use-sell-path';
import { savedSelectors, useSavedStore } from '../stores/saved';
import { CarIcon, HeartIcon, MenuIcon, UserIcon } from './icons';
import { LazySheet as Sheet, loadSheet } from './LazySheet';
import './Header.css';

// Loaded when first needed, not with every page: the profile menu is for signed-in people (the pages the server
// draws are for visitors who are not), and the menu sheet opens on a tap (its module is asked for as the finger
// or the pointer comes down on the button, so it is usually there by the click).
const loadProfileMenu = () => import(/* webpackChunkName: "profile-menu" */ './ProfileMenu');
const ProfileMenu = lazy(() => loadProfileMenu().then((m) => ({ default: m.ProfileMenu })));

interface NavItem {
  to: string;
  label: string;
}

function navItems(user: PublicUser | null, sellPath: string): NavItem[] {
  if (!user) {
    return [
      { to: '/search', label: 'Buy Cars' },
      { to: sellPath, label: 'Sell Your Car' },
      { to: '/how-it-works', label: 'How It Works' },
    ];
  }
  const items = [
    { to: '/search', label: 'Buy Cars' },
    { to: '/create-listing', label: 'Sell Your Car' },
    { to: '/dashboard', label: 'Dashboard' },
  ];
  if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin' });
  if (user.role === 'associate') items.push({ to: '/admin', label: 'Desk' });
  return items;
}

/**
 * A navigation link marked as the current page (aria-current, .active) when the address is its page: the
 * same path (or below it), and the same query when it has one, so "Sell Your Car" (sign-in that returns to
 * the listing form) is not the current page on the plain sign-in page.
 */
function PageLink({ to, className = '', children, onClick }: { to: string; className?: string; children: ReactNode; onClick?: () => void }) {
  const { pathname, search } = useLocation();
  const [path, query] = to.split('?');
  const current = query ? pathname === path && search === `?${query}` : pathname === path || pathname.startsWith(`${path}/`);
  return (
    <Link to={to} className={`${className}${current ? ' active' : ''}`.trim() || undefined} aria-current={current ? 'page' : undefined} onClick={onClick}>
      {children}
    </Link>
  );
}

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const siteName = usePublicConfigQuery()?.siteName ?? FALLBACK_CONFIG.siteName;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  // Any navigation closes the menu: its links, the browser's back and forward buttons.
  const { pathname, search } = useLocation();
  useEffect(() => setSheetOpen(false), [pathname, search]);

  const onLogout = () => {
    setSheetOpen(false);
    logout(queryClient)
      .then(
        () => toast({ title: 'Signed out', description: 'You have been successfully signed out.' }),
        (error: unknown) => toast({ title: 'Sign out failed', description: errorMessage(error), variant: 'destructive' }),
      )
      .finally(() => void navigate('/'));
  };

  const items = navItems(user, useSellPath());
  const savedCount = useSavedStore(savedSelectors.count);

  return (
    <header className="site-header">
      <div className="container header-inner">
        <Link to="/" className="logo" aria-label={`${siteName} home`}>
          <span className="logo-mark" aria-hidden="true">
            <CarIcon size={22} />
          </span>
          <span className="logo-text">{siteName}</span>
        </Link>
        <nav className="header-nav" aria-label="Main">
          {items.map((item) => (
            <PageLink key={item.label} to={item.to} className="header-link">
              {item.label}
            </PageLink>
          ))}
        </nav>
        <div className="header-actions">
          <NavLink to="/saved" className="icon-btn saved-link" aria-label={`Saved vehicles: ${savedCount}`}>
            <HeartIcon filled={savedCount > 0} size={20} />
            {savedCount > 0 ? (
              <span className="saved-count" aria-hidden="true">
                {savedCount > 99 ? '99+' : savedCount}
              </span>
            ) : null}
          </NavLink>
          {isLoading ? null : user ? (
            <>
              <Link to="/create-listing" className="btn btn-primary header-cta">
                Sell Your Car
              </Link>
              <Suspense fallback={null}>
                <ProfileMenu user={user} onLogout={onLogout} />
              </Suspense>
            </>
          ) : (
            <>
              <Link to="/auth" className="btn btn-primary header-cta">
                Sell Your Car
              </Link>
              <Link to="/auth" className="btn btn-ghost header-secondary">
                Sign In
              </Link>
              <Link to="/auth?tab=register" className="btn btn-outline header-secondary">
                Register
              </Link>
            </>
          )}
          <button
            type="button"
            className="icon-btn menu-toggle"
            aria-label="Open menu"
            aria-expanded={sheetOpen}
            onPointerDown={() => void loadSheet().catch(() => undefined)}
            onClick={() => setSheetOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      {sheetOpen ? (
        <Suspense fallback={null}>
          <Sheet
            open={sheetOpen}
            onClose={closeSheet}
            title="Menu"
            footer={
              user ? (
                <button type="button" className="btn btn-outline btn-block" onClick={onLogout}>
                  Sign Out
                </button>
              ) : (
                <>
                  <Link to="/auth" className="btn btn-outline" style={{ flex: 1 }} onClick={closeSheet}>
                    Sign In
                  </Link>
                  <Link to="/auth?tab=register" className="btn btn-primary" style={{ flex: 1 }} onClick={closeSheet}>
                    Register
                  </Link>
                </>
              )
            }
          >
            {user ? (
              <div className="sheet-user">
                {user.profileImageUrl ? (
                  <img src={user.profileImageUrl} alt="" width={48} height={48} className="sheet-avatar" />
                ) : (
                  <span className="sheet-avatar sheet-avatar-placeholder" aria-hidden="true">
                    <UserIcon size={24} />
                  </span>
                )}
                <div>
                  <strong>{displayName(user)}</strong>
                  <div className="sheet-email">{user.email}</div>
                </div>
              </div>
            ) : null}
            <nav aria-label="Mobile">
              <ul className="sheet-links">
                {items.map((item) => (
                  <li key={item.label}>
                    <PageLink to={item.to} onClick={closeSheet}>
                      {item.label}
                    </PageLink>
                  </li>
                ))}
                {user ? (
                  <li>
                    <PageLink to="/profile" onClick={closeSheet}>
                      Profile
                    </PageLink>
                  </li>
                ) : null}
                {user ? (
                  <li>
                    <PageLink to="/saved-searches" onClick={closeSheet}>
                      Saved searches
                    </PageLink>
                  </li>
                ) : null}
                <li>
                  <NavLink to="/financing" onClick={closeSheet}>
                    Financing
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/faq" onClick={closeSheet}>
                    FAQ
                  </NavLink>
                </li>
              </ul>
            </nav>
            <Link to={user ? '/create-listing' : '/auth'} className="btn btn-primary btn-block" onClick={closeSheet}>
              Sell Your Car
            </Link>
          </Sheet>
        </Suspense>
      ) : null}
    </header>
  );
}
