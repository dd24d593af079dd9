// The frame of every staff screen: behind the staff gate, the site's layout with the staff tabs above the
// page; most pages then have a heading (with what stands beside it) and a line when their data failed.
import type { ComponentProps, ComponentType, ReactNode } from 'react';
import type { CurrentUser } from '../../api/auth.ts';
import { errorMessage } from '../../api/request.ts';
import { Container } from '../../components/ui/layout.tsx';
import { cx } from '../../lib/cx.ts';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { StaffNav } from './StaffNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';

/** A route's page: `Screen` once the visitor is known to be staff, so its queries wait until then. */
export function staffPage(Screen: ComponentType<{ user: CurrentUser }>) {
  return function StaffPage() {
    return <StaffOnly>{(user) => <Screen user={user} />}</StaffOnly>;
  };
}

/** The site's layout and the staff tabs, then the page. */
export function StaffFrame({ children, ...container }: ComponentProps<typeof Container>) {
  return (
    <SiteLayout>
      <Container {...container}>
        <StaffNav />
        {children}
      </Container>
    </SiteLayout>
  );
}

/**
 * A staff page with its heading and, when its query failed, the reason under it (a lost session goes to
 * sign in instead).
 */
export function StaffScreen({
  title,
  aside,
  className,
  error,
  errorText,
  children,
}: {
  title: string;
  /** What stands beside the heading: a count, the trial balance. */
  aside?: ReactNode;
  /** Besides `staff-page`. */
  className?: string;
  /** The query's error. */
  error: unknown;
  /** The words when the error has none of its own. */
  errorText: string;
  children: ReactNode;
}) {
  useRedirectOnUnauthorized(error);
  return (
    <StaffFrame className={cx('staff-page', className)}>
      <header className="staff-page__header">
        <h1>{title}</h1>
        {aside}
      </header>
      {Boolean(error) && !isUnauthorized(error) && (
        <p className="staff-page__error">{errorMessage(error, errorText)}</p>
      )}
      {children}
    </StaffFrame>
  );
}
