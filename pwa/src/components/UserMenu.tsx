// The signed-in person in the site's top bar: their name opens a menu with the places their role works
// (Dashboard; Operator area for farm owners; Staff for staff) and Sign out. In the small-screen menu
// the same entries are listed under the name. Loaded only once someone is signed in.
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import type { CurrentUser } from '../api/auth.ts';
import { SignOutButton } from './SignOutButton.tsx';
import { usePageMenu } from './ui/layout.tsx';
import './userMenu.css';

function accountName(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ').trim() || user.email;
}

function ChevronDown() {
  return (
    <svg viewBox="0 0 20 20" width={16} height={16} aria-hidden="true" focusable="false">
      <path d="M5.5 7.5 10 12l4.5-4.5" stroke="currentColor" strokeWidth={1.8} fill="none" />
    </svg>
  );
}

export default function UserMenu({ user }: { user: CurrentUser }) {
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [open, openMenu, closeMenu] = usePageMenu();
  const name = accountName(user);

  // Besides Escape and leaving the page (usePageMenu), a press anywhere outside closes it.
  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) closeMenu();
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open, closeMenu]);

  return (
    <div ref={root} className={open ? 'user-menu user-menu--open' : 'user-menu'}>
      <button
        type="button"
        className="user-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={open ? closeMenu : openMenu}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__name">{name}</span>
        <ChevronDown />
      </button>
      <div id={panelId} className="user-menu__panel">
        <p className="user-menu__who">
          <span className="user-menu__who-name">{name}</span>
          <span className="user-menu__email">{user.email}</span>
        </p>
        <ul className="user-menu__list" aria-label="Account">
          <li>
            <Link to="/dashboard" className="user-menu__item">
              Dashboard
            </Link>
          </li>
          {user.role === 'operator' && (
            <li>
              <Link to="/operator" className="user-menu__item">
                Operator area
              </Link>
            </li>
          )}
          {user.role === 'staff' && (
            <li>
              <Link to="/admin" className="user-menu__item">
                Staff
              </Link>
            </li>
          )}
          <li>
            <SignOutButton className="user-menu__item user-menu__item--sign-out" />
          </li>
        </ul>
      </div>
    </div>
  );
}
