// The dashboard's sidebar entries and which one is current (the path AND the tab must match).
export const DASHBOARD_TABS = ['upload', 'requests', 'files', 'history', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function parseTab(value: string | null): DashboardTab | null {
  return (DASHBOARD_TABS as readonly string[]).includes(value ?? '') ? (value as DashboardTab) : null;
}

export type SidebarIcon =
  | 'overview'
  | 'upload'
  | 'requests'
  | 'files'
  | 'history'
  | 'network'
  | 'search'
  | 'settings';

export interface SidebarEntry {
  label: string;
  href: string;
  icon: SidebarIcon;
}

export interface SidebarSection {
  title: string | null;
  entries: SidebarEntry[];
}

export const SIDEBAR_SECTIONS: SidebarSection[] = [
  { title: null, entries: [{ label: 'Overview', href: '/dashboard', icon: 'overview' }] },
  {
    title: 'Custom Printing',
    entries: [
      { label: 'Upload Files', href: '/dashboard?tab=upload', icon: 'upload' },
      { label: 'My Requests', href: '/dashboard?tab=requests', icon: 'requests' },
      { label: 'File Manager', href: '/dashboard?tab=files', icon: 'files' },
      { label: 'Request History', href: '/dashboard?tab=history', icon: 'history' },
    ],
  },
  {
    title: 'Network',
    entries: [
      { label: 'Print Farm Network', href: '/print-farms', icon: 'network' },
      { label: 'Find Print Farms', href: '/print-farms?tab=search', icon: 'search' },
    ],
  },
  { title: 'Account', entries: [{ label: 'Settings', href: '/dashboard?tab=settings', icon: 'settings' }] },
];

/** True when the entry's path and its tab (none for a bare path) both match the current location. */
export function isCurrentEntry(href: string, pathname: string, search: string): boolean {
  const target = new URL(href, 'http://local');
  if (target.pathname !== pathname) return false;
  return (target.searchParams.get('tab') ?? null) === (new URLSearchParams(search).get('tab') ?? null);
}
