// The landing page's own top bar: in-page links that scroll smoothly (instantly for people who ask
// for reduced motion) and a mobile menu that opens, closes on Escape and closes after a choice.
import { type ComponentProps, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/Logo.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { CloseIcon, MenuIcon } from '../../components/ui/icons.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { cx } from '../../lib/cx.ts';
import { useScrolledPast } from '../calculator/useScrolledPast.ts';

export const SECTION_LINKS = [
  { id: 'package', label: 'Package' },
  { id: 'profits', label: 'Profits' },
  { id: 'course', label: 'Course' },
  { id: 'testimonials', label: 'Reviews' },
] as const;

export function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Scrolls to a section, moves focus there for keyboard and screen-reader users, and updates the hash. */
export function scrollToSection(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** A control that scrolls to a section of the page (the spec's navigation and call-to-action buttons). */
export function SectionButton({
  to,
  onNavigate,
  ...props
}: Omit<ComponentProps<'button'>, 'onClick' | 'type'> & { to: string; onNavigate?: () => void }) {
  return (
    <button
      type="button"
      onClick={() => {
        onNavigate?.();
        scrollToSection(to);
      }}
      {...props}
    />
  );
}

export function OpportunityNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const scrolled = useScrolledPast(8);
  const close = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    const onResize = () => {
      if (window.innerWidth >= 900) setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('resize', onResize);
    };
  }, [menuOpen]);

  return (
    <header className={cx('opp-nav', scrolled && 'opp-nav--scrolled', menuOpen && 'opp-nav--open')}>
      <Container size="wide" className="opp-nav__inner">
        <Link to="/" className="opp-nav__brand" onClick={close}>
          <LogoMark size={32} />
          <span>PrintFarm Network</span>
        </Link>
        <button
          type="button"
          className="opp-nav__menu-button"
          aria-expanded={menuOpen}
          aria-controls="opportunity-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <CloseIcon size={24} /> : <MenuIcon />}
        </button>
        <nav id="opportunity-menu" aria-label="Opportunity sections" className="opp-nav__menu">
          {SECTION_LINKS.map((link) => (
            <SectionButton key={link.id} to={link.id} className="opp-nav__link" onNavigate={close}>
              {link.label}
            </SectionButton>
          ))}
          <SectionButton
            to="application"
            className={buttonClass({ size: 'sm', className: 'opp-nav__apply' })}
            onNavigate={close}
          >
            Apply Now
          </SectionButton>
        </nav>
      </Container>
    </header>
  );
}
