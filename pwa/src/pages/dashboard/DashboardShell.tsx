// The frame every dashboard screen shares: the sign-in gate (loading, sign-in required) and the
// collapsible sidebar beside the main column. The overview and the request page both sit inside it.
import { type ReactNode, useState } from 'react';
import { type CurrentUser, useCurrentUser } from '../../api/auth.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import { Sidebar } from './Sidebar.tsx';
import '../auth/auth.css';
import './dashboard.css';

const SIDEBAR_KEY = 'dashboard.sidebarCollapsed';

function initialCollapsed(): boolean {
  try {
    const saved = window.localStorage.getItem(SIDEBAR_KEY);
    if (saved !== null) return saved === 'true';
  } catch {
    // Storage may be blocked; fall back to the screen width.
  }
  return window.matchMedia?.('(max-width: 767px)').matches ?? false;
}

export function DashboardShell({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(initialCollapsed);
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
    <div className={`dashboard${collapsed ? ' dashboard--collapsed' : ''}`}>
      <Sidebar collapsed={collapsed} onToggle={toggleSidebar} />
      <main id="main" className="dash-main">
        {children}
      </main>
    </div>
  );
}

/** The spec's three states: loading, 'Authentication Required', or the children for the signed-in user. */
export function RequireDashboardUser({
  loadingText = 'Loading your dashboard...',
  children,
}: {
  loadingText?: string;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { user, isLoading } = useCurrentUser();

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
