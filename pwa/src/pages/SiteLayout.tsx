import { lazy, type ReactNode, Suspense } from 'react';
import { useCurrentUser } from '../api/auth.ts';
import { AppLink } from '../components/AppLink.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { Footer, type FooterColumn, type NavItem, TopBar } from '../components/ui/layout.tsx';

// Only someone signed in has a menu of their own; its code loads then.
const UserMenu = lazy(() => import('../components/UserMenu.tsx'));

const SIGN_IN = '/api/login';

// The site's pages that its bars and footers link to, each named once.
const FARMS_LINK = { to: '/print-farms', label: 'Print Farm Network' };
const JOIN_LINK = { to: '/opportunity', label: 'Join Network' };
export const GCODE_LINK = { to: '/blog', label: 'G-Code Confidential' };
/** Where to ask: the FAQ, then the team. */
export const HELP_LINKS = [
  { to: '/faq', label: 'FAQ' },
  { to: '/contact', label: 'Contact Us' },
];
export const LEGAL_LINKS = [
  { to: '/earnings-disclaimer', label: 'Earnings Disclaimer' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
];

export const SITE_NAV: readonly NavItem[] = [FARMS_LINK, JOIN_LINK, { to: SIGN_IN, label: 'Login' }];

/** The network page's bar also leads back home. */
export const NETWORK_NAV: readonly NavItem[] = [{ to: '/', label: 'Home' }, ...SITE_NAV];

/** Every footer link of the spec; FAQ and Contact Us lead to their own pages. */
export const SITE_FOOTER: readonly FooterColumn[] = [
  {
    heading: 'Quick Links',
    links: [FARMS_LINK, { to: SIGN_IN, label: 'Upload Design' }, JOIN_LINK, { to: '/blog', label: 'Blog' }],
  },
  { heading: 'Support', links: [...HELP_LINKS, ...LEGAL_LINKS, GCODE_LINK] },
];

export interface SiteLayoutProps {
  children: ReactNode;
  nav?: readonly NavItem[];
  footerColumns?: readonly FooterColumn[];
}

/** The footer's links for the small-screen menu, less those the bar already shows (and repeats). */
function menuSectionsFor(nav: readonly NavItem[], columns: readonly FooterColumn[]): FooterColumn[] {
  const shown = new Set([SIGN_IN, ...nav.map((item) => item.to)]);
  return columns
    .map((column) => ({
      ...column,
      links: column.links.filter((link) => {
        if (!link.to || shown.has(link.to)) return false;
        shown.add(link.to);
        return true;
      }),
    }))
    .filter((column) => column.links.length > 0);
}

/**
 * The public site's frame: fixed top bar (a menu button on small screens), content, footer. Signed in,
 * the bar shows the person's menu instead of 'Login'.
 */
export function SiteLayout({ children, nav = SITE_NAV, footerColumns = SITE_FOOTER }: SiteLayoutProps) {
  const { user } = useCurrentUser();
  return (
    <div className="page">
      <TopBar
        nav={user ? nav.filter((item) => item.to !== SIGN_IN) : nav}
        menuSections={menuSectionsFor(nav, footerColumns)}
        actions={
          <AppLink to={SIGN_IN} className={buttonClass({ size: 'sm' })}>
            Upload Design
          </AppLink>
        }
        account={
          user && (
            <Suspense fallback={null}>
              <UserMenu user={user} />
            </Suspense>
          )
        }
      />
      <main id="main" className="page__main">
        {children}
      </main>
      <Footer columns={footerColumns} />
    </div>
  );
}
