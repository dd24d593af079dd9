// /dashboard: the signed-in customer's dashboard. This file only decides between the spec's three
// states: loading, sign-in required, and the dashboard itself (DashboardContent).
import { useCurrentUser } from '../../api/auth.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import { DashboardContent } from './DashboardContent.tsx';
import '../auth/auth.css';

export default function DashboardPage() {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return (
      <div className="auth-state" role="status">
        <div className="auth-state__panel">
          <Spinner size="lg" decorative />
          <p className="auth-state__text">Loading your dashboard...</p>
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

  return <DashboardContent user={user} />;
}
