// /operator, /operator/jobs/:jobId, /operator/queue, /operator/earnings and /operator/settings: the farm
// operator's area.
// This file decides who may be here (signed in; an operator, or staff looking at any farm; a customer is
// shown the way to join) and keeps the shell mounted while its screens, each its own chunk, change inside
// it. A farm claimed from its e-mail link lands here (?claimed=1), shown with a message that it is now
// theirs.
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router-dom';
import { type CurrentUser, useCurrentUser } from '../../api/auth.ts';
import { errorMessage } from '../../api/request.ts';
import { CheckIcon } from '../../components/dashboard/icons.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useLinkParam } from '../request/linkParam.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { type OperatorFarms, useOperatorFarms } from './farmContext.ts';
import { InboxIntro } from './InboxIntro.tsx';
import { OperatorShell } from './OperatorShell.tsx';
import './operator.css';

const InboxScreen = lazy(() => import('./InboxScreen.tsx'));
const JobScreen = lazy(() => import('./JobScreen.tsx'));
const FarmSettingsScreen = lazy(() => import('./FarmSettingsScreen.tsx'));
const EarningsScreen = lazy(() => import('./EarningsScreen.tsx'));
const QueueScreen = lazy(() => import('./QueueScreen.tsx'));

function Loading({ label }: { label: string }) {
  return (
    <div className="op-state" role="status">
      <Spinner size="lg" decorative />
      <p className="op-state__text">{label}</p>
    </div>
  );
}

/**
 * While the session or the farms load: the inbox shows its own title at once (the build prerenders
 * this for /operator, so it paints before any script runs), the other screens a spinner.
 */
function ScreenLoading({ label }: { label: string }) {
  const { pathname } = useLocation();
  if (pathname.replace(/\/+$/, '') !== '/operator') return <Loading label={label} />;
  return (
    <div className="op-screen">
      <header className="op-header">
        <InboxIntro />
      </header>
      <p className="sr-only" role="status">
        {label}
      </p>
      <div className="op-loading" aria-hidden="true">
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} className="op-loading__row" />
        ))}
      </div>
    </div>
  );
}

/** A card that says why there is nothing to run here yet, and the two ways on (the first the main one). */
function Gate({
  title,
  inline = false,
  children,
  ways,
}: {
  title: string;
  inline?: boolean;
  children: ReactNode;
  ways: readonly [{ to: string; label: string }, { to: string; label: string }];
}) {
  return (
    <div className={inline ? 'op-gate op-gate--inline' : 'op-gate'}>
      <Card>
        <CardContent className="op-gate__content">
          <h1>{title}</h1>
          <p>{children}</p>
          <div className="op-gate__actions">
            {ways.map((way, index) => (
              <Link
                key={way.to}
                to={way.to}
                className={buttonClass(index === 0 ? {} : { variant: 'outline' })}
              >
                {way.label}
              </Link>
            ))}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

function NotAnOperator() {
  return (
    <SiteLayout>
      <title>Farm operators · PrintFarm Network</title>
      <Gate
        title="This area is for print farm operators"
        ways={[
          { to: '/opportunity', label: 'Join the network' },
          { to: '/dashboard', label: 'Go to my dashboard' },
        ]}
      >
        Your account is a customer account. Farms in the PrintFarm Network receive print jobs from customers
        near them, answer them here and ship the parts.
      </Gate>
    </SiteLayout>
  );
}

function NoFarmYet({ message }: { message: string }) {
  return (
    <Gate
      title={message}
      inline
      ways={[
        { to: '/print-farms?tab=join', label: 'Register your farm' },
        { to: '/opportunity', label: 'About the network' },
      ]}
    >
      Jobs reach the farms registered in the network. Register your farm with its printers and it appears
      here, with its inbox and settings.
    </Gate>
  );
}

/** After a claim: which farm is now the operator's, until they dismiss it. */
function ClaimedNotice({ farms }: { farms: OperatorFarms }) {
  const [claimed, dismiss] = useLinkParam('claimed');
  if (claimed !== '1' || farms.isPending) return null;
  const farm = farms.farms.find((candidate) => candidate.id === farms.farmId);
  if (!farm) return null;
  return (
    <section className="op-claimed" role="status" aria-label="Farm claimed">
      <span className="op-claimed__icon">
        <CheckIcon />
      </span>
      <div className="op-claimed__text">
        <h2 className="op-claimed__title">{farm.name} is now linked to your account</h2>
        <p>
          {farm.location}. Its print jobs arrive in this inbox; its printers, rates and availability are in{' '}
          <Link to={farms.href('/operator/settings')}>Farm settings</Link>.
        </p>
      </div>
      <button type="button" className="op-claimed__dismiss" onClick={dismiss}>
        Dismiss
      </button>
    </section>
  );
}

function OperatorArea({ user }: { user: CurrentUser }) {
  const { jobId } = useParams();
  const { pathname } = useLocation();
  const farms = useOperatorFarms(user);
  const settings = pathname.startsWith('/operator/settings');
  const earnings = pathname.startsWith('/operator/earnings');
  const queue = pathname.startsWith('/operator/queue');

  let screen: ReactNode;
  if (jobId) screen = <JobScreen jobId={jobId} />;
  else if (farms.isPending) screen = <ScreenLoading label="Loading your farm..." />;
  else if (farms.error) screen = <NoFarmYet message={errorMessage(farms.error)} />;
  else if (settings) screen = <FarmSettingsScreen farms={farms} />;
  else if (earnings) screen = <EarningsScreen farms={farms} />;
  else if (queue) screen = <QueueScreen farms={farms} />;
  else screen = <InboxScreen farms={farms} />;

  return (
    <OperatorShell user={user} farms={farms}>
      <ClaimedNotice farms={farms} />
      <Suspense fallback={<Loading label="Loading..." />}>{screen}</Suspense>
    </OperatorShell>
  );
}

export default function OperatorPage() {
  const { user, isLoading } = useCurrentUser();
  const location = useLocation();
  if (isLoading) {
    return (
      <OperatorShell user={null} farms={null}>
        <ScreenLoading label="Loading your farm..." />
      </OperatorShell>
    );
  }
  if (!user) {
    const next = encodeURIComponent(`${location.pathname}${location.search}`);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  if (user.role === 'customer') return <NotAnOperator />;
  return <OperatorArea user={user} />;
}
