import { type ComponentProps, type ReactNode, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { cx } from '../../lib/cx.ts';
import { AppLink, isServerPath } from '../AppLink.tsx';
import { LogoMark } from '../Logo.tsx';
import { CloseIcon, MenuIcon } from './icons.tsx';

export interface NavItem {
  to: string;
  label: string;
}

export interface ContainerProps extends ComponentProps<'div'> {
  size?: 'narrow' | 'default' | 'wide';
}

/** Centres content with the page's side padding and a maximum width. */
export function Container({ size = 'default', className, ...props }: ContainerProps) {
  return <div className={cx('container', `container--${size}`, className)} {...props} />;
}

function TopBarLink({ to, label, onNavigate }: NavItem & { onNavigate: () => void }) {
  if (isServerPath(to)) {
    return (
      <a href={to} className="topbar__link">
        {label}
      </a>
    );
  }
  return (
    <NavLink to={to} className="topbar__link" onClick={onNavigate}>
      {label}
    </NavLink>
  );
}

export interface TopBarProps {
  nav?: readonly NavItem[];
  /** Buttons at the right end (e.g. 'Upload Design'); shown inside the menu on small screens. */
  actions?: ReactNode;
  /** The signed-in person's menu, last in the bar. */
  account?: ReactNode;
  /** More links for the small-screen menu only (the site's footer sections), by heading. */
  menuSections?: readonly FooterColumn[];
  brand?: ReactNode;
  brandTo?: string;
}

function MenuSections({
  sections,
  onNavigate,
}: {
  sections: readonly FooterColumn[];
  onNavigate: () => void;
}) {
  return (
    <div className="topbar__more">
      {sections.map((section) => (
        <nav key={section.heading} aria-label={section.heading} className="topbar__more-section">
          <h2 className="topbar__more-heading">{section.heading}</h2>
          {section.links.map(
            (link) =>
              link.to && (
                <TopBarLink key={link.label} to={link.to} label={link.label} onNavigate={onNavigate} />
              ),
          )}
        </nav>
      ))}
    </div>
  );
}

/**
 * Whether a menu or drawer is open, how to open it and how to close it. It is open only on the page it
 * was opened on, so any navigation closes it; so does Escape.
 */
export function usePageMenu() {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenOn(null);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return [open, () => setOpenOn(location.key), () => setOpenOn(null)] as const;
}

/** The fixed bar at the top of a page, collapsing its links into a menu button on small screens. */
export function TopBar({
  nav = [],
  actions,
  account,
  menuSections,
  brand = 'PrintFarm Network',
  brandTo = '/',
}: TopBarProps) {
  const menuId = useId();
  const [menuOpen, openMenu, closeMenu] = usePageMenu();

  return (
    <header className={cx('topbar', menuOpen && 'topbar--menu-open')}>
      <Container size="wide" className="topbar__inner">
        <Link to={brandTo} className="topbar__brand" onClick={closeMenu}>
          <LogoMark size={32} />
          <span>{brand}</span>
        </Link>
        <button
          type="button"
          className="topbar__menu-button"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={menuOpen ? closeMenu : openMenu}
        >
          {menuOpen ? <CloseIcon size={24} /> : <MenuIcon />}
        </button>
        <div id={menuId} className="topbar__menu">
          {nav.length > 0 && (
            <nav aria-label="Main" className="topbar__nav">
              {nav.map((item) => (
                <TopBarLink key={item.to} {...item} onNavigate={closeMenu} />
              ))}
            </nav>
          )}
          {menuSections && menuSections.length > 0 && (
            <MenuSections sections={menuSections} onNavigate={closeMenu} />
          )}
          {actions && <div className="topbar__actions">{actions}</div>}
          {account && <div className="topbar__account">{account}</div>}
        </div>
      </Container>
    </header>
  );
}

export interface FooterColumn {
  heading: string;
  /** A link without `to` is shown as plain text (the spec's FAQ and Contact Us have no target). */
  links: ReadonlyArray<{ label: string; to?: string }>;
}

export interface FooterProps {
  /** The site's link columns (pages/SiteLayout.tsx holds the spec's). */
  columns: readonly FooterColumn[];
  tagline?: ReactNode;
}

export function Footer({
  columns,
  tagline = 'Custom 3D printing from independent print farms near you.',
}: FooterProps) {
  return (
    <footer className="footer">
      <Container size="wide" className="footer__inner">
        <div className="footer__brand">
          <Link to="/" className="footer__logo">
            <LogoMark size={28} />
            <span>PrintFarm Network</span>
          </Link>
          <p className="footer__tagline">{tagline}</p>
        </div>
        {columns.map((column) => (
          <div key={column.heading} className="footer__column">
            <h2 className="footer__heading">{column.heading}</h2>
            <ul>
              {column.links.map((link) => (
                <li key={link.label}>
                  {link.to ? (
                    <AppLink to={link.to} className="footer__link">
                      {link.label}
                    </AppLink>
                  ) : (
                    <span className="footer__link footer__link--inert">{link.label}</span>
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </Container>
      <Container size="wide" className="footer__legal">
        {/* Prerendered in the year of the build; a page opened after New Year's Day shows the new year once
            the app renders it again, with no hydration warning in between. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} PrintFarm Network. All rights reserved.</p>
      </Container>
    </footer>
  );
}

// The dark band that opens a public page: eyebrow, title, lead, actions, and an aside (figures, claims, a
// store's facts). Its look is in styles.css (PageHero); a page's class sets the background and padding.
export interface PageHeroProps {
  title: ReactNode;
  /** The short line above the title. */
  eyebrow?: ReactNode;
  lead?: ReactNode;
  /** More copy between the lead and the actions. */
  children?: ReactNode;
  actions?: ReactNode;
  /** Below the copy, or beside it on a wide screen with page-hero--split. */
  aside?: ReactNode;
  container?: ContainerProps['size'];
  /** A store's page opens with a header; every other page with a section. */
  as?: 'section' | 'header';
  /** Names the section after its title. */
  titleId?: string;
  /**
   * The page's own class, and any of page-hero--display (the landing page's larger title),
   * page-hero--split (aside beside the copy) and page-hero--center.
   */
  className?: string;
}

export function PageHero({
  title,
  eyebrow,
  lead,
  children,
  actions,
  aside,
  container,
  as: Element = 'section',
  titleId,
  className,
}: PageHeroProps) {
  return (
    <Element className={cx('page-hero', className)} aria-labelledby={titleId}>
      <Container size={container} className="page-hero__inner">
        <div className="page-hero__copy">
          {eyebrow && <p className="page-hero__eyebrow">{eyebrow}</p>}
          <h1 id={titleId} className="page-hero__title">
            {title}
          </h1>
          {lead && <p className="page-hero__lead">{lead}</p>}
          {children}
          {actions && <div className="page-hero__actions">{actions}</div>}
        </div>
        {aside}
      </Container>
    </Element>
  );
}
