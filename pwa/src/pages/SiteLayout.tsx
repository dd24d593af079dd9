import type { ReactNode } from 'react';
import { AppLink } from '../components/AppLink.tsx';
import { buttonClass } from '../components/ui/button.tsx';
import { Footer, type FooterColumn, type NavItem, TopBar } from '../components/ui/layout.tsx';

export const SITE_NAV: readonly NavItem[] = [
  { to: '/print-farms', label: 'Print Farm Network' },
  { to: '/opportunity', label: 'Join Network' },
  { to: '/api/login', label: 'Login' },
];

/** The network page's bar also leads back home. */
export const NETWORK_NAV: readonly NavItem[] = [{ to: '/', label: 'Home' }, ...SITE_NAV];

/** Every footer link of the spec; FAQ and Contact Us have no target. */
export const SITE_FOOTER: readonly FooterColumn[] = [
  {
    heading: 'Quick Links',
    links: [
      { label: 'Print Farm Network', to: '/print-farms' },
      { label: 'Upload Design', to: '/api/login' },
      { label: 'Join Network', to: '/opportunity' },
      { label: 'Blog', to: '/blog' },
    ],
  },
  {
    heading: 'Support',
    links: [
      { label: 'FAQ' },
      { label: 'Contact Us' },
      { label: 'Earnings Disclaimer', to: '/earnings-disclaimer' },
      { label: 'Privacy Policy', to: '/privacy-policy' },
      { label: 'G-Code Confidential', to: '/blog' },
    ],
  },
];

export interface SiteLayoutProps {
  children: ReactNode;
  nav?: readonly NavItem[];
  footerColumns?: readonly FooterColumn[];
}

/** The public site's frame: fixed top bar (a menu button on small screens), content, footer. */
export function SiteLayout({ children, nav = SITE_NAV, footerColumns = SITE_FOOTER }: SiteLayoutProps) {
  return (
    <div className="page">
      <TopBar
        nav={nav}
        actions={
          <AppLink to="/api/login" className={buttonClass({ size: 'sm' })}>
            Upload Design
          </AppLink>
        }
      />
      <main id="main" className="page__main">
        {children}
      </main>
      <Footer columns={footerColumns} />
    </div>
  );
}
