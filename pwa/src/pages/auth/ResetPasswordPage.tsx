// /reset-password: "Forgot your password?". Without a token it asks for the account's address and the
// server e-mails a link (the same answer for any address); the link comes back here with ?token=, asks
// for the new password, and signs the browser in to that account.
import {
  PASSWORD_MIN_LENGTH,
  passwordResetRequestSchema,
  passwordResetSchema,
  type Role,
} from '@printfarm/domain/auth';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAskPasswordReset, useResetPassword } from '../../api/authMutations.ts';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ROLE_HOMES } from '../../lib/roleHomes.ts';
import { AccountEmailField, AuthShell, goTo } from './AuthShell.tsx';

const backToSignIn = <Link to="/login">Back to sign in</Link>;

export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  return token ? <ChoosePassword token={token} /> : <AskForLink email={searchParams.get('email') ?? ''} />;
}

function AskForLink({ email }: { email: string }) {
  const ask = useAskPasswordReset();
  const form = useDomainForm(passwordResetRequestSchema, { defaultValues: { email } });
  const onSubmit = form.handleSubmit((input) => {
    ask.mutate(input.email, { onError: (error) => form.applyServerErrors(error) });
  });
  const failed = ask.isError && Object.keys(fieldErrors(ask.error)).length === 0;

  return (
    <AuthShell
      title="Forgot your password?"
      subtitle="Enter your account's e-mail address and we will send you a link to choose a new password."
      footer={backToSignIn}
    >
      {ask.isSuccess ? (
        <p role="status" className="auth__account">
          {ask.data.message} If it does not arrive within a few minutes, check your spam folder.
        </p>
      ) : (
        <>
          {failed && (
            <div className="auth__alert" role="alert">
              {errorMessage(ask.error)}
            </div>
          )}
          <form className="auth__form" onSubmit={onSubmit} noValidate aria-label="Ask for a reset link">
            <AccountEmailField {...form.field('email')} autoFocus />
            <Button type="submit" size="lg" className="auth__submit" loading={ask.isPending}>
              Send the link
            </Button>
          </form>
        </>
      )}
    </AuthShell>
  );
}

function ChoosePassword({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useDomainForm(passwordResetSchema, { defaultValues: { token, password: '' } });
  const onSubmit = form.handleSubmit((input) => {
    reset.mutate(input, {
      onSuccess: (user) => {
        toast({ title: 'Your password is changed', description: 'Every other device was signed out.' });
        goTo(ROLE_HOMES[user.role as Role].path, navigate);
      },
      onError: (error) => form.applyServerErrors(error),
    });
  });
  // A link that does not work is named on its field (by the server or the schema), which this page does
  // not show as an input: say it above the form.
  const linkProblem = form.formState.errors.token?.message ?? null;
  const failed = reset.isError && Object.keys(fieldErrors(reset.error)).length === 0;

  return (
    <AuthShell
      title="Choose a new password"
      subtitle="Pick a new password for your account."
      footer={backToSignIn}
    >
      {(linkProblem || failed) && (
        <div className="auth__alert" role="alert">
          {linkProblem ?? errorMessage(reset.error)}
          {linkProblem && (
            <>
              {' '}
              <Link to="/reset-password">Ask for a new link</Link>
            </>
          )}
        </div>
      )}
      <form className="auth__form" onSubmit={onSubmit} noValidate aria-label="Choose a new password">
        <FormField
          label="New password"
          hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short phrase is easy to remember and hard to guess.`}
          {...form.field('password')}
        >
          <Input type="password" autoComplete="new-password" autoFocus />
        </FormField>
        <Button type="submit" size="lg" className="auth__submit" loading={reset.isPending}>
          Save the new password
        </Button>
      </form>
    </AuthShell>
  );
}
