import type { ReactNode } from 'react';
import { buttonClass } from '../components/ui/button.tsx';
import { Footer, type NavItem, TopBar } from '../components/ui/layout.tsx';

export const SITE_NAV: readonly NavItem[] = [
  { to: '/print-farms', label: 'Print Farm Network' },
  { to: '/opportunity', label: 'Join Network' },
  { to: '/api/login', label: 'Login' },
];

/** The public site's frame: top bar with the main links and an Upload Design button, content, footer. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <div className="page">
      <TopBar
        nav={SITE_NAV}
        actions={
          <a href="/api/login" className={buttonClass({ size: 'sm' })}>
            Upload Design
          </a>
        }
      />
      <main id="main" className="page__main">
        {children}
      </main>
      <Footer />
    </div>
  );
}
