// /signup: a new customer account (name, e-mail, password of at least 10 characters); the visitor is
// signed in at once and goes to ?next= (a path on this site) or the dashboard.
import {
  PASSWORD_MIN_LENGTH,
  type RegisterInput,
  registerSchema,
  safeNextPath,
} from '@printfarm/domain/auth';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useRegister } from '../../api/authMutations.ts';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField, TextField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { AccountEmailField, AuthShell, goTo } from './AuthShell.tsx';

const EMPTY: RegisterInput = { firstName: '', lastName: '', email: '', password: '' };

export default function SignupPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNextPath(searchParams.get('next'));
  const signup = useRegister();
  const form = useDomainForm(registerSchema, { defaultValues: EMPTY });

  const onSubmit = form.handleSubmit((input) => {
    signup.mutate(input, {
      onSuccess: () => goTo(next, navigate),
      onError: (error) => form.applyServerErrors(error),
    });
  });

  const failed = signup.isError && Object.keys(fieldErrors(signup.error)).length === 0;

  return (
    <AuthShell
      title="Create your account"
      subtitle="Upload designs, request quotes and follow your prints from one dashboard."
      footer={
        <>
          Already have an account? <Link to={`/login?next=${encodeURIComponent(next)}`}>Sign in</Link>
        </>
      }
    >
      {failed && (
        <div className="auth__alert" role="alert">
          {errorMessage(signup.error)}
        </div>
      )}
      <form className="auth__form" onSubmit={onSubmit} noValidate aria-label="Create account">
        <div className="auth__row">
          <TextField label="First name" {...form.field('firstName')} autoComplete="given-name" autoFocus />
          <TextField label="Last name" {...form.field('lastName')} autoComplete="family-name" />
        </div>
        <AccountEmailField {...form.field('email')} />
        <FormField
          label="Password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          {...form.field('password')}
        >
          <Input type="password" autoComplete="new-password" />
        </FormField>
        <Button type="submit" size="lg" className="auth__submit" loading={signup.isPending}>
          Create account
        </Button>
      </form>
    </AuthShell>
  );
}
