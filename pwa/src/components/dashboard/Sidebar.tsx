// The dashboard's collapsible sidebar: 256 px wide, 64 px collapsed (icons only, names as tooltips
// and accessible labels); the entry whose path and tab match the location is marked current. On a
// phone it is a drawer over the page, always with its labels, out of reach while closed.
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '../../lib/cx.ts';
import { SignOutButton } from '../SignOutButton.tsx';
import { CloseIcon } from '../ui/icons.tsx';
import {
  BackIcon,
  ChevronIcon,
  FolderIcon,
  HistoryIcon,
  HomeIcon,
  ListIcon,
  NetworkIcon,
  SearchIcon,
  SettingsIcon,
  SignOutIcon,
  UploadIcon,
} from './icons.tsx';
import { isCurrentEntry, SIDEBAR_SECTIONS, type SidebarIcon } from './navigation.ts';

const ICONS: Record<SidebarIcon, ReactNode> = {
  overview: <HomeIcon />,
  upload: <UploadIcon />,
  requests: <ListIcon />,
  files: <FolderIcon />,
  history: <HistoryIcon />,
  network: <NetworkIcon />,
  search: <SearchIcon />,
  settings: <SettingsIcon />,
};

export interface SidebarProps {
  id?: string;
  collapsed: boolean;
  /** On a phone: a drawer, open or closed. */
  drawer?: { open: boolean } | null;
  /** Collapses or expands it; in a drawer, closes it. */
  onToggle: () => void;
}

export function Sidebar({ id, collapsed, drawer = null, onToggle }: SidebarProps) {
  const location = useLocation();
  const closeButton = useRef<HTMLButtonElement>(null);
  const drawerOpen = drawer?.open ?? false;
  useEffect(() => {
    if (drawerOpen) closeButton.current?.focus();
  }, [drawerOpen]);
  const toggleLabel = drawer ? 'Close menu' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <aside
      id={id}
      className={cx(
        'dash-sidebar',
        collapsed && 'dash-sidebar--collapsed',
        drawer && 'dash-sidebar--drawer',
        drawerOpen && 'dash-sidebar--open',
      )}
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Dashboard"
      inert={drawer !== null && !drawerOpen}
    >
      <div className="dash-sidebar__top">
        {!collapsed && <span className="dash-sidebar__brand">PrintFarm</span>}
        <button
          ref={closeButton}
          type="button"
          className="dash-sidebar__toggle"
          onClick={onToggle}
          aria-expanded={drawer ? undefined : !collapsed}
          aria-label={toggleLabel}
          title={toggleLabel}
        >
          {drawer ? <CloseIcon size={20} /> : <ChevronIcon direction={collapsed ? 'right' : 'left'} />}
        </button>
      </div>
      <nav className="dash-sidebar__nav" aria-label="Dashboard navigation">
        {SIDEBAR_SECTIONS.map((section) => (
          <div key={section.title ?? 'main'} className="dash-sidebar__section">
            {section.title &&
              (collapsed ? (
                <hr className="dash-sidebar__divider" />
              ) : (
                <p className="dash-sidebar__heading">{section.title}</p>
              ))}
            <ul>
              {section.entries.map((entry) => {
                const current = isCurrentEntry(entry.href, location.pathname, location.search);
                return (
                  <li key={entry.href}>
                    <Link
                      to={entry.href}
                      className={cx('dash-sidebar__link', current && 'dash-sidebar__link--active')}
                      aria-current={current ? 'page' : undefined}
                      aria-label={collapsed ? entry.label : undefined}
                      title={collapsed ? entry.label : undefined}
                    >
                      {ICONS[entry.icon]}
                      {!collapsed && <span>{entry.label}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
      <div className="dash-sidebar__bottom">
        <Link
          to="/"
          className="dash-sidebar__link"
          aria-label={collapsed ? 'Back to Site' : undefined}
          title={collapsed ? 'Back to Site' : undefined}
        >
          <BackIcon />
          {!collapsed && <span>Back to Site</span>}
        </Link>
        <SignOutButton className="dash-sidebar__link" icon={<SignOutIcon />} showText={!collapsed} />
      </div>
    </aside>
  );
}
