import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@app/shared';
import { displayName, initials } from '../lib/user';

interface ProfileMenuProps {
  user: PublicUser;
  onLogout: () => void;
}

/** The signed-in header's profile menu: name and email, Admin Dashboard for admins, Log out. */
export function ProfileMenu({ user, onLogout }: ProfileMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const id = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      list[(index + 1) % list.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      list[(index - 1 + list.length) % list.length]?.focus();
    } else if (event.key === 'Home') {
      event.preventDefault();
      list[0]?.focus();
    } else if (event.key === 'End') {
      event.preventDefault();
      list[list.length - 1]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className="profile-menu">
      <button
        ref={button}
        type="button"
        className="avatar-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={`${initials(user)}: account menu for ${displayName(user)}`}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {user.profileImageUrl ? (
          <img src={user.profileImageUrl} alt="" width={36} height={36} />
        ) : (
          <span aria-hidden="true">{initials(user)}</span>
        )}
      </button>
      {open ? (
        <div ref={menu} id={id} className="menu" role="menu" aria-label="Account" onKeyDown={onMenuKey}>
          <div className="menu-summary" role="presentation">
            <strong>{displayName(user)}</strong>
            <span>{user.email}</span>
          </div>
          {user.role === 'admin' || user.role === 'associate' ? (
            <Link to="/admin" role="menuitem" className="menu-item" onClick={() => close(false)}>
              {user.role === 'admin' ? 'Admin Dashboard' : 'Associate Desk'}
            </Link>
          ) : null}
          <Link to="/dashboard" role="menuitem" className="menu-item" onClick={() => close(false)}>
            Dashboard
          </Link>
          <Link to="/profile" role="menuitem" className="menu-item" onClick={() => close(false)}>
            Profile
          </Link>
          <Link to="/saved-searches" role="menuitem" className="menu-item" onClick={() => close(false)}>
            Saved searches
          </Link>
          <button
            type="button"
            role="menuitem"
            className="menu-item"
            onClick={() => {
              close(false);
              onLogout();
            }}
          >
            Log out
          </button>
        </div>
      ) : null}
    </div>
  );
}
