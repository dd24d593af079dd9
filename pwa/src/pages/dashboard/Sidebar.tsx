// The dashboard's collapsible sidebar: 256 px wide, 64 px collapsed (icons only, names as tooltips
// and accessible labels); the entry whose path and tab match the location is marked current.
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { cx } from '../../lib/cx.ts';
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
  collapsed: boolean;
  onToggle: () => void;
}

export function Sidebar({ collapsed, onToggle }: SidebarProps) {
  const location = useLocation();
  return (
    <aside
      className={cx('dash-sidebar', collapsed && 'dash-sidebar--collapsed')}
      data-collapsed={collapsed ? 'true' : 'false'}
      aria-label="Dashboard"
    >
      <div className="dash-sidebar__top">
        {!collapsed && <span className="dash-sidebar__brand">PrintFarm</span>}
        <button
          type="button"
          className="dash-sidebar__toggle"
          onClick={onToggle}
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          title={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        >
          <ChevronIcon direction={collapsed ? 'right' : 'left'} />
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
      </div>
    </aside>
  );
}
