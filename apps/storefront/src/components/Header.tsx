import { useCallback, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import type { PublicUser } from '@app/shared';
import { errorMessage } from '@app/shared';
import { useCurrentUser, useLogout, usePublicConfigQuery } from '../api/queries';
import { FALLBACK_CONFIG } from '../config';
import { displayName } from '../lib/user';
import { toast } from '../stores/toast';
import { CarIcon, MenuIcon, UserIcon } from './icons';
import { ProfileMenu } from './ProfileMenu';
import { Sheet } from './Sheet';
import './Header.css';

interface NavItem {
  to: string;
  label: string;
}

function navItems(user: PublicUser | null): NavItem[] {
  if (!user) {
    return [
      { to: '/search', label: 'Buy Cars' },
      { to: '/auth', label: 'Sell Your Car' },
      { to: '/how-it-works', label: 'How It Works' },
    ];
  }
  const items = [
    { to: '/search', label: 'Buy Cars' },
    { to: '/create-listing', label: 'Sell Your Car' },
    { to: '/dashboard', label: 'Dashboard' },
  ];
  if (user.role === 'admin') items.push({ to: '/admin', label: 'Admin' });
  return items;
}

export function Header() {
  const { user, isLoading } = useCurrentUser();
  const siteName = usePublicConfigQuery()?.siteName ?? FALLBACK_CONFIG.siteName;
  const logout = useLogout();
  const navigate = useNavigate();
  const [sheetOpen, setSheetOpen] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);

  const onLogout = () => {
    setSheetOpen(false);
    logout.mutate(undefined, {
      onSuccess: () => toast({ title: 'Signed out', description: 'You have been successfully signed out.' }),
      onError: (error) => toast({ title: 'Sign out failed', description: errorMessage(error), variant: 'destructive' }),
      onSettled: () => void navigate('/'),
    });
  };

  const items = navItems(user);

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
            <NavLink key={item.label} to={item.to} className="header-link">
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="header-actions">
          {isLoading ? null : user ? (
            <>
              <Link to="/create-listing" className="btn btn-primary header-cta">
                Sell Your Car
              </Link>
              <ProfileMenu user={user} onLogout={onLogout} />
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
            onClick={() => setSheetOpen(true)}
          >
            <MenuIcon />
          </button>
        </div>
      </div>
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
                <NavLink to={item.to} onClick={closeSheet}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {user?.role === 'admin' ? (
              <li>
                <NavLink to="/admin" onClick={closeSheet}>
                  Admin Dashboard
                </NavLink>
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
    </header>
  );
}
