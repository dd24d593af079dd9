// The staff screens' gate. Without a session: the spec's 'You are logged out' toast and off to sign in.
// Signed in without the staff role: a 403 screen that says so and leads to where the person works,
// instead of the staff tabs over an error. The API refuses them as well; this only spares the detour.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { type CurrentUser, useCurrentUser } from '../../api/auth.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ROLE_HOMES } from '../../lib/roleHomes.ts';
import { useRedirectToLogin } from '../../lib/useRedirectOnUnauthorized.ts';
import { NotFoundScreen } from '../NotFound.tsx';
import '../auth/auth.css';

const ACCOUNT_KINDS: Record<CurrentUser['role'], string> = {
  customer: 'a customer account',
  operator: 'an operator account',
  staff: 'a staff account',
};

function StaffOnlyScreen({ user }: { user: CurrentUser }) {
  const home = ROLE_HOMES[user.role];
  return (
    <NotFoundScreen
      code="403"
      title="Staff only"
      message={`This page is for PrintFarm Network staff. You are signed in as ${user.email}, ${ACCOUNT_KINDS[user.role]}.`}
      action={
        <div className="not-found__actions">
          <Link to={home.path} className={buttonClass()}>
            {home.label}
          </Link>
          <Link to="/" className={buttonClass({ variant: 'outline' })}>
            Back to home
          </Link>
        </div>
      }
    />
  );
}

export function StaffOnly({ children }: { children: (user: CurrentUser) => ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  useRedirectToLogin(!isLoading && user === null);
  if (isLoading || !user) {
    return (
      <div className="auth-state" role="status">
        <Spinner size="lg" decorative />
        <span className="sr-only">Loading...</span>
      </div>
    );
  }
  if (user.role !== 'staff') return <StaffOnlyScreen user={user} />;
  return children(user);
}
