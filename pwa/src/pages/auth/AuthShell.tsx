// The frame both account pages share: the site layout with one centred card.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { FieldBinding } from '../../components/form/useDomainForm.ts';
import { TextField } from '../../components/ui/form-field.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import './auth.css';

export function AuthShell({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <SiteLayout>
      <div className="auth">
        <section className="auth__card" aria-labelledby="auth-title">
          <Link to="/" className="auth__brand">
            PrintFarm Network
          </Link>
          <h1 id="auth-title" className="auth__title">
            {title}
          </h1>
          <p className="auth__subtitle">{subtitle}</p>
          {children}
          <p className="auth__footer">{footer}</p>
        </section>
      </div>
    </SiteLayout>
  );
}

/** Leaves the sign-in pages for `next`: app routes through the router, server paths by a real navigation. */
export function goTo(next: string, navigate: (to: string, options: { replace: boolean }) => void): void {
  if (next === '/api' || next.startsWith('/api/')) window.location.assign(next);
  else navigate(next, { replace: true });
}

/** The account's e-mail, as signing in and signing up ask for it. */
export function AccountEmailField({ autoFocus, ...binding }: FieldBinding & { autoFocus?: boolean }) {
  return (
    <TextField
      label="Email"
      {...binding}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoFocus={autoFocus}
    />
  );
}
