// The operator area's frame: a dark navigation (a sidebar on wide screens, a bar across the top on a
// phone) with the inbox and its badge of jobs waiting for an answer, the print queue, the earnings, the
// farm settings, and the way out.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { CurrentUser } from '../../api/auth.ts';
import { operatorQueries } from '../../api/operator.ts';
import {
  BackIcon,
  CardIcon,
  HomeIcon,
  ListIcon,
  NetworkIcon,
  PrinterIcon,
  SettingsIcon,
  SignOutIcon,
} from '../../components/dashboard/icons.tsx';
import { LogoMark } from '../../components/Logo.tsx';
import { SignOutButton } from '../../components/SignOutButton.tsx';
import { cx } from '../../lib/cx.ts';
import type { OperatorFarms } from './farmContext.ts';

function NavEntry({
  to,
  current,
  icon,
  label,
  shortLabel,
  badge = 0,
}: {
  to: string;
  current: boolean;
  icon: ReactNode;
  label: string;
  /** What a narrow phone's bar shows instead; the link's name stays the full label. */
  shortLabel?: string;
  badge?: number;
}) {
  return (
    <Link
      to={to}
      className={cx('op-nav__link', current && 'op-nav__link--current')}
      aria-current={current ? 'page' : undefined}
    >
      {icon}
      <span className={cx('op-nav__label', shortLabel && 'op-nav__label--long')}>{label}</span>
      {shortLabel && (
        <span className="op-nav__label op-nav__label--short" aria-hidden="true">
          {shortLabel}
        </span>
      )}
      {badge > 0 && (
        <>
          <span className="op-badge" aria-hidden="true">
            {badge}
          </span>
          <span className="sr-only">({badge} new)</span>
        </>
      )}
    </Link>
  );
}

/**
 * `user` and `farms` are null while the session or the farms load: the frame then shows its navigation
 * without the badge or the account's links (and is what the build prerenders for /operator).
 */
export function OperatorShell({
  user,
  farms,
  children,
}: {
  user: CurrentUser | null;
  farms: OperatorFarms | null;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  // Staff look at one farm at a time; their own count of new jobs is always zero.
  const summary = useQuery({ ...operatorQueries.summary(), enabled: farms !== null && !farms.isStaff });
  const href = (path: string) => farms?.href(path) ?? path;
  const newJobs = summary.data?.newJobs ?? 0;
  // The inbox is current wherever no other section is.
  const sections = [
    { path: '/operator/queue', icon: <PrinterIcon />, label: 'Print queue', shortLabel: 'Queue' },
    { path: '/operator/earnings', icon: <CardIcon />, label: 'Earnings' },
    { path: '/operator/settings', icon: <SettingsIcon />, label: 'Farm settings', shortLabel: 'Settings' },
  ];
  const inSection = sections.some((section) => pathname.startsWith(section.path));

  return (
    <div className="operator">
      <header className="op-nav">
        <Link to={href('/operator')} className="op-nav__brand">
          <LogoMark size={30} />
          <span>
            PrintFarm <span className="op-nav__brand-role">Operator</span>
          </span>
        </Link>
        <nav className="op-nav__main" aria-label="Operator">
          <NavEntry
            to={href('/operator')}
            current={!inSection}
            icon={<ListIcon />}
            label="Job inbox"
            shortLabel="Inbox"
            badge={newJobs}
          />
          {sections.map(({ path, ...section }) => (
            <NavEntry key={path} to={href(path)} current={pathname.startsWith(path)} {...section} />
          ))}
        </nav>
        <div className="op-nav__end">
          {farms?.isStaff ? (
            <Link to="/admin" className="op-nav__link op-nav__link--quiet" title="Staff admin">
              <NetworkIcon />
              <span className="op-nav__label">Staff admin</span>
            </Link>
          ) : (
            <Link to="/dashboard" className="op-nav__link op-nav__link--quiet" title="My dashboard">
              <HomeIcon />
              <span className="op-nav__label">My dashboard</span>
            </Link>
          )}
          <Link to="/" className="op-nav__link op-nav__link--quiet op-nav__link--wide" title="Back to site">
            <BackIcon />
            <span className="op-nav__label">Back to site</span>
          </Link>
          {user && (
            <>
              <SignOutButton
                className="op-nav__link op-nav__link--quiet"
                icon={<SignOutIcon />}
                textClassName="op-nav__label"
              />
              <p className="op-nav__user">{user.email}</p>
            </>
          )}
        </div>
      </header>
      <main id="main" className="op-main">
        {children}
      </main>
    </div>
  );
}
