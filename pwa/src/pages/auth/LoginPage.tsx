// /login: e-mail and password sign-in (and single sign-on when the server offers it); afterwards the
// visitor goes to ?next= when it names a page on this site, else to where their role works.
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  DEFAULT_NEXT_PATH,
  type Login,
  type LoginInput,
  loginSchema,
  type Role,
  safeNextPath,
} from '@printfarm/domain/auth';
import { useQuery } from '@tanstack/react-query';
import { type Resolver, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authQueries } from '../../api/auth.ts';
import { useLogin } from '../../api/authMutations.ts';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { ROLE_HOMES } from '../../lib/roleHomes.ts';
import { AuthShell, goTo } from './AuthShell.tsx';

// The resolver's types lose the schema's output; it is exactly Login.
const resolver = valibotResolver(loginSchema) as unknown as Resolver<LoginInput, unknown, Login>;

/**
 * Where to go after signing in: the `next` page when one was asked for, else the role's home. /api/login
 * always passes next, '/dashboard' when it was given none, so that default counts as no choice.
 */
export function landingPath(role: Role, next: string | null): string {
  const safe = next === null ? DEFAULT_NEXT_PATH : safeNextPath(next);
  return safe === DEFAULT_NEXT_PATH ? ROLE_HOMES[role].path : safe;
}

export default function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const requested = searchParams.get('next');
  const next = safeNextPath(requested);
  const providers = useQuery(authQueries.providers());
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginInput, unknown, Login>({ resolver, defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit((input) => {
    login.mutate(input, {
      onSuccess: (user) => goTo(landingPath(user.role, requested), navigate),
      onError: (error) => {
        const fields = fieldErrors(error);
        if (fields.email) setError('email', { message: fields.email });
        if (fields.password) setError('password', { message: fields.password });
      },
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
        <FormField label="Email" error={errors.email?.message}>
          <Input type="email" autoComplete="email" inputMode="email" autoFocus {...register('email')} />
        </FormField>
        <FormField label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="current-password" {...register('password')} />
        </FormField>
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
