// /admin and /admin/dashboard: the print farm Admin Dashboard (operator-side 2.5). Staff see every farm
// signup with totals, the farms' scorecards and the estimator's accuracy, and edit one signup at a time
// (Edit, then Save or Cancel). Without a session the page says so and goes to /api/login after 500 ms.
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { adminFarmQueries } from '../../api/adminFarms.ts';
import type { CurrentUser } from '../../api/auth.ts';
import { useLogout } from '../../api/authMutations.ts';
import { errorMessage } from '../../api/request.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isUnauthorized, useRedirectToLogin } from '../../lib/useRedirectOnUnauthorized.ts';
import { FarmSignups, StatCards } from './FarmSignups.tsx';
import { EstimatorAccuracy, FarmScorecards } from './NetworkHealth.tsx';
import { StaffFrame, staffPage } from './StaffScreen.tsx';
import './staff.css';
import './adminDashboard.css';
import '../auth/auth.css';

/**
 * The spec's Logout link to /api/logout, which the app answers with its own sign-out: that also forgets
 * everything cached for this person (useLogout). Should that fail, the link is followed after all.
 */
function LogoutLink() {
  const logout = useLogout();
  const navigate = useNavigate();
  const signOut = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    const link = event.currentTarget.href;
    logout.mutate(undefined, {
      onSuccess: () => navigate('/'),
      onError: () => window.location.assign(link),
    });
  };
  return (
    <a
      href="/api/logout"
      className={buttonClass({ variant: 'outline', size: 'sm' })}
      onClick={signOut}
      aria-disabled={logout.isPending || undefined}
    >
      Logout
    </a>
  );
}

function AdminDashboard({ user }: { user: CurrentUser }) {
  const farms = useQuery(adminFarmQueries.list());
  useRedirectToLogin(isUnauthorized(farms.error));

  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Staff member';

  return (
    <StaffFrame className="staff-page">
      <header className="admin-dash__header">
        <div>
          <h1>Admin Dashboard</h1>
          <p className="staff-page__counter">Print farm signups across the network</p>
        </div>
        <div className="admin-dash__user">
          <div>
            <div className="admin-dash__user-name">{fullName}</div>
            <div className="farm-table__muted">{user.email}</div>
          </div>
          <LogoutLink />
        </div>
      </header>

      {farms.isLoading ? (
        <div className="staff-stats">
          {[1, 2, 3].map((n) => (
            <Skeleton key={n} className="staff-skeleton" />
          ))}
        </div>
      ) : farms.isError ? (
        <Card>
          <CardContent className="admin-dash__empty">
            <h2>Error loading print farm data</h2>
            <p className="farm-table__muted">{errorMessage(farms.error)}</p>
          </CardContent>
        </Card>
      ) : (
        <>
          <StatCards farms={farms.data ?? []} />
          <div className="admin-dash__health">
            <FarmScorecards />
            <EstimatorAccuracy />
          </div>
          {(farms.data ?? []).length === 0 ? (
            <Card>
              <CardContent className="admin-dash__empty">
                <h2>No Print Farms Yet</h2>
                <p className="farm-table__muted">Print farm registrations will appear here once submitted.</p>
              </CardContent>
            </Card>
          ) : (
            <Card>
              <CardContent>
                <h2 className="admin-dash__section">Print Farm Signups</h2>
                <FarmSignups farms={farms.data ?? []} />
              </CardContent>
            </Card>
          )}
        </>
      )}
    </StaffFrame>
  );
}

export default staffPage(AdminDashboard);
