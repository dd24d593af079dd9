// The frame every dashboard screen shares: the sign-in gate (loading, sign-in required) and the
// sidebar beside the main column. On a wide screen the sidebar collapses to icons; on a phone it is a
// drawer over the page, with its labels, opened from the bar above the content and closed by any
// navigation. The overview and the request page both sit inside it.
import { type ReactNode, useEffect, useId, useLayoutEffect, useState } from 'react';
import { type CurrentUser, useCurrentUser } from '../../api/auth.ts';
import { cx } from '../../lib/cx.ts';
import { useMediaQuery } from '../../lib/useMediaQuery.ts';
import { SiteLayout } from '../../pages/SiteLayout.tsx';
import { AppLink } from '../AppLink.tsx';
import { buttonClass } from '../ui/button.tsx';
import { MenuIcon } from '../ui/icons.tsx';
import { usePageMenu } from '../ui/layout.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { Sidebar } from './Sidebar.tsx';
import '../../pages/auth/auth.css';
import './dashboard.css';

const SIDEBAR_KEY = 'dashboard.sidebarCollapsed';
export const PHONE_QUERY = '(max-width: 767px)';

function initialCollapsed(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_KEY) === 'true';
  } catch {
    // Storage may be blocked: start expanded.
    return false;
  }
}

/** The phone's drawer, a page menu that gives the focus back to the Menu button as it closes. */
function useDrawer() {
  const [open, show, close] = usePageMenu();
  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      // Back to the Menu button, unless a link in the drawer took the person to another page.
      if (opener?.isConnected && document.activeElement?.closest('.dash-sidebar')) opener.focus();
    };
  }, [open]);
  return { open, show, close };
}

export function DashboardShell({ children }: { children: ReactNode }) {
  const phone = useMediaQuery(PHONE_QUERY);
  // Read after the first render, which must match the prerendered loading frame (expanded); a layout
  // effect still applies it before the browser paints.
  const [collapsed, setCollapsed] = useState(false);
  useLayoutEffect(() => setCollapsed(initialCollapsed()), []);
  const drawer = useDrawer();
  const drawerId = useId();
  const toggleSidebar = () => {
    setCollapsed((was) => {
      try {
        window.localStorage.setItem(SIDEBAR_KEY, String(!was));
      } catch {
        // Not remembering the choice is fine.
      }
      return !was;
    });
  };
  return (
    <div
      className={cx(
        'dashboard',
        collapsed && !phone && 'dashboard--collapsed',
        phone && drawer.open && 'dashboard--drawer-open',
      )}
    >
      <Sidebar
        id={drawerId}
        collapsed={collapsed && !phone}
        drawer={phone ? { open: drawer.open } : null}
        onToggle={phone ? drawer.close : toggleSidebar}
      />
      {phone && drawer.open && (
        <div className="dash-drawer-backdrop" aria-hidden="true" onClick={drawer.close} />
      )}
      <main id="main" className="dash-main">
        <div className="dash-phone-bar">
          <button
            type="button"
            className="dash-phone-bar__menu"
            aria-expanded={drawer.open}
            aria-controls={drawerId}
            onClick={drawer.show}
          >
            <MenuIcon size={22} />
            <span>Menu</span>
          </button>
          <span className="dash-phone-bar__brand">PrintFarm</span>
        </div>
        {children}
      </main>
    </div>
  );
}

/** The spec's three states: loading, 'Authentication Required', or the children for the signed-in user. */
export function RequireDashboardUser({
  loadingText = 'Loading your dashboard...',
  loading,
  children,
}: {
  loadingText?: string;
  /** The page's own frame to show meanwhile (its title, skeletons), instead of the centred spinner. */
  loading?: ReactNode;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();

  if (isLoading && loading) return loading;
  if (isLoading) {
    return (
      <div className="auth-state" role="status">
        <div className="auth-state__panel">
          <Spinner size="lg" decorative />
          <p className="auth-state__text">{loadingText}</p>
        </div>
      </div>
    );
  }

  if (!user) {
    return (
      <SiteLayout>
        <div className="auth-state">
          <div className="auth-state__panel">
            <h1 className="auth-state__title">Authentication Required</h1>
            <p className="auth-state__text">Please log in to access your dashboard.</p>
            <AppLink to="/api/login" className={buttonClass({ size: 'lg' })}>
              Login to Continue
            </AppLink>
          </div>
        </div>
      </SiteLayout>
    );
  }

  return children(user);
}
