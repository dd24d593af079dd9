// /login: e-mail and password sign-in (and single sign-on when the server offers it); afterwards the
// visitor goes to ?next= when it names a page on this site, else to where their role works.
import { DEFAULT_NEXT_PATH, loginSchema, type Role, safeNextPath } from '@printfarm/domain/auth';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authQueries } from '../../api/auth.ts';
import { useLogin } from '../../api/authMutations.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { TextField } from '../../components/ui/form-field.tsx';
import { ROLE_HOMES } from '../../lib/roleHomes.ts';
import { AccountEmailField, AuthShell, goTo } from './AuthShell.tsx';

/**
 * Where to go after signing in: the `next` page when one was asked for, else the role's home. /api/login
 * always passes next, '/dashboard' when it was given none, so that default counts as no choice.
 */
export function landingPath(role: Role, next: string | null): string {
  const safe = next === null ? DEFAULT_NEXT_PATH : safeNextPath(next);
  return safe === DEFAULT_NEXT_PATH ? ROLE_HOMES[role].path : safe;
}

/** The reset page, with the address typed so far. */
function resetPath(email: string): string {
  return email.trim() ? `/reset-password?email=${encodeURIComponent(email.trim())}` : '/reset-password';
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = searchParams.get('next');
  const next = safeNextPath(requested);
  const providers = useQuery(authQueries.providers());
  const login = useLogin();
  const form = useDomainForm(loginSchema, { defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: (user) => goTo(landingPath(user.role, requested), navigate),
      onError: (error) => form.applyServerErrors(error),
    });
  });

  const failed = login.isError ? errorMessage(login.error) : null;
  const ssoFailed = searchParams.get('error') === 'oidc';
  const query = `?next=${encodeURIComponent(next)}`;

  return (
    <AuthShell
      title="Sign in"
      subtitle="Welcome back. Sign in to manage your print requests."
      footer={
        <>
          New to PrintFarm Network? <Link to={`/signup${query}`}>Create an account</Link>
        </>
      }
    >
      {(failed || ssoFailed) && (
        <div className="auth__alert" role="alert">
          {failed ?? 'Single sign-on did not complete. Please try again.'}
        </div>
      )}
      <form className="auth__form" onSubmit={onSubmit} noValidate aria-label="Sign in">
        <AccountEmailField {...form.field('email')} autoFocus />
        <TextField
          label="Password"
          {...form.field('password')}
          type="password"
          autoComplete="current-password"
        />
        <Link to={resetPath(form.watch('email'))} className="auth__forgot">
          Forgot your password?
        </Link>
        <Button type="submit" size="lg" className="auth__submit" loading={login.isPending}>
          Sign in
        </Button>
      </form>
      {providers.data?.oidc && (
        <>
          <div className="auth__divider">
            <span>or</span>
          </div>
          <a
            href={`/api/login${query}`}
            className={buttonClass({ variant: 'outline', size: 'lg', className: 'auth__submit' })}
          >
            Continue with single sign-on
          </a>
        </>
      )}
    </AuthShell>
  );
}
