// /staff-confirmation?token=…: the link e-mailed to an address on the staff list at sign-up. Signed in to
// that account, one click takes up staff access; the server says why when the link does not fit.
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../api/auth.ts';
import { useConfirmStaff } from '../../api/authMutations.ts';
import { errorMessage } from '../../api/request.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ROLE_HOMES } from '../../lib/roleHomes.ts';
import { AuthShell } from './AuthShell.tsx';

export default function StaffConfirmationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { user, isLoading } = useCurrentUser();
  const confirm = useConfirmStaff();
  const here = `/staff-confirmation?token=${encodeURIComponent(token)}`;
  const staff = ROLE_HOMES.staff;

  let content: ReactNode;
  if (isLoading) content = <Spinner />;
  else if (!user)
    content = (
      <Link
        to={`/login?next=${encodeURIComponent(here)}`}
        className={buttonClass({ size: 'lg', className: 'auth__submit' })}
      >
        Sign in to confirm
      </Link>
    );
  else if (confirm.isSuccess || user.role === 'staff')
    content = (
      <>
        <p role="status" className="auth__account">
          Your account <strong>{user.email}</strong> has staff access.
        </p>
        <Link to={staff.path} className={buttonClass({ size: 'lg', className: 'auth__submit' })}>
          {staff.label}
        </Link>
      </>
    );
  else
    content = (
      <>
        {confirm.isError && (
          <div className="auth__alert" role="alert">
            {errorMessage(confirm.error)}
          </div>
        )}
        <p className="auth__account">
          Signed in as <strong>{user.email}</strong>
        </p>
        <Button
          size="lg"
          className="auth__submit"
          loading={confirm.isPending}
          onClick={() => confirm.mutate(token)}
        >
          Confirm staff access
        </Button>
      </>
    );

  return (
    <AuthShell
      title="Confirm staff access"
      subtitle="This address is on the staff list. Confirm it on the account the e-mail was sent to."
      footer={<Link to="/">Back to the home page</Link>}
    >
      {content}
    </AuthShell>
  );
}
