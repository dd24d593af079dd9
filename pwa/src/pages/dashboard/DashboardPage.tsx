// /dashboard: the signed-in customer's dashboard. This file only decides between the spec's three
// states: loading, sign-in required, and the dashboard itself (DashboardContent). While it loads, the
// dashboard's own frame and title show: the build prerenders that frame, so the page paints from its
// HTML before any script runs or the session answers.

import { DashboardShell, RequireDashboardUser } from '../../components/dashboard/DashboardShell.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { DASHBOARD_TITLE, DashboardContent } from './DashboardContent.tsx';

function DashboardLoading() {
  return (
    <DashboardShell>
      <header className="dash-header">
        <div>
          <h1 className="dash-header__title">{DASHBOARD_TITLE}</h1>
          <p className="dash-header__welcome" role="status">
            Loading your dashboard...
          </p>
        </div>
      </header>
      <div className="stat-grid" aria-hidden="true">
        {[1, 2, 3, 4].map((tile) => (
          <Skeleton key={tile} className="stat-card__skeleton" />
        ))}
      </div>
    </DashboardShell>
  );
}

export default function DashboardPage() {
  return (
    <RequireDashboardUser loading={<DashboardLoading />}>
      {(user) => <DashboardContent user={user} />}
    </RequireDashboardUser>
  );
}
