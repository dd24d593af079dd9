// /opportunity: the operator recruitment landing page (operator-side section 2.1), sections in the
// spec's order with the anchors package, profits, course, testimonials and application.
import { type ReactNode, useEffect } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Container, Footer, type FooterColumn, PageHero } from '../../components/ui/layout.tsx';
import { ProfitCalculator } from '../calculator/ProfitCalculator.tsx';
import { GCODE_LINK, HELP_LINKS, LEGAL_LINKS } from '../SiteLayout.tsx';
import { ApplicationForm } from './ApplicationForm.tsx';
import {
  COURSE_TOPICS,
  HEADLINE_CLAIMS,
  OFFERS,
  PRODUCT_TILES,
  RESULTS_VARY,
  TESTIMONIALS,
  WHY_JOIN,
} from './content.ts';
import { OpportunityNav, SectionButton, scrollToSection } from './OpportunityNav.tsx';
import { ScaleIllustration } from './ScaleIllustration.tsx';
import './opportunity.css';

const FOOTER_COLUMNS: readonly FooterColumn[] = [
  {
    heading: 'Resources',
    links: [GCODE_LINK, { to: '/profit-calculator', label: 'Profit Calculator' }, ...HELP_LINKS],
  },
  { heading: 'Legal', links: LEGAL_LINKS },
  { heading: 'Follow Us', links: [{ label: 'Facebook' }, { label: 'YouTube' }, { label: 'Instagram' }] },
];

function SectionHeader({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}) {
  return (
    <div className="opp-section__header">
      <p className="opp-eyebrow">{eyebrow}</p>
      <h2 id={`${id}-heading`} className="opp-section__title">
        {title}
      </h2>
      {lead && <p className="opp-section__lead">{lead}</p>}
    </div>
  );
}

interface SectionProps {
  /** The heading id's stem; also the section's anchor when `anchor` is set. */
  id: string;
  anchor?: boolean;
  muted?: boolean;
  eyebrow: string;
  title: string;
  lead?: string;
  containerClassName?: string;
  containerSize?: 'default' | 'wide';
  children: ReactNode;
}

/** One landing-page section: an optional in-page anchor (focusable so the nav can move focus there). */
function Section({
  id,
  anchor = false,
  muted = false,
  eyebrow,
  title,
  lead,
  containerClassName,
  containerSize = 'wide',
  children,
}: SectionProps) {
  return (
    <section
      id={anchor ? id : undefined}
      tabIndex={anchor ? -1 : undefined}
      className={muted ? 'opp-section opp-section--muted' : 'opp-section'}
      aria-labelledby={`${id}-heading`}
    >
      <Container size={containerSize} className={containerClassName}>
        <SectionHeader id={id} eyebrow={eyebrow} title={title} lead={lead} />
        {children}
      </Container>
    </section>
  );
}

function Hero() {
  return (
    <PageHero
      className="opp-hero page-hero--display page-hero--split"
      titleId="opp-hero-title"
      container="wide"
      eyebrow="Own a micro-factory in your garage"
      title="Print replacement parts people can't buy anywhere else"
      lead="Two printers, a proven parts catalog, a mastery course and a network that routes paying jobs to your territory. Start your own 3D print farm without a storefront or employees."
      actions={
        <>
          <SectionButton to="application" className={buttonClass({ size: 'lg' })}>
            Start Your Factory
          </SectionButton>
          <SectionButton to="package" className={buttonClass({ size: 'lg', variant: 'outline' })}>
            View Package Details
          </SectionButton>
        </>
      }
      aside={
        <div>
          <dl className="opp-claims">
            {HEADLINE_CLAIMS.map((claim) => (
              <div key={claim.value} className="opp-claim">
                <dt className="opp-claim__label">{claim.label}</dt>
                <dd className="opp-claim__value">{claim.value}</dd>
              </div>
            ))}
          </dl>
          <p className="opp-claims__note">*{RESULTS_VARY}</p>
        </div>
      }
    />
  );
}

function Packages() {
  return (
    <Section
      id="package"
      eyebrow="Choose your start"
      title="Two ways to join the network"
      lead="Start from scratch with everything included, or bring the printers you already own."
      anchor
    >
      <div className="opp-offers">
        {OFFERS.map((offer) => (
          <article key={offer.id} className={offer.featured ? 'opp-offer opp-offer--featured' : 'opp-offer'}>
            {offer.featured && <span className="opp-offer__ribbon">Most popular</span>}
            <h3 className="opp-offer__name">{offer.name}</h3>
            <p className="opp-offer__summary">{offer.summary}</p>
            <p className="opp-offer__price">
              <span className="opp-offer__amount">{offer.price}</span>
              <span className="opp-offer__cadence">{offer.cadence}</span>
            </p>
            <ul className="opp-offer__list">
              {offer.contents.map((item) => (
                <li key={item} className="opp-offer__item">
                  {item}
                </li>
              ))}
              {offer.excluded.map((item) => (
                <li key={item} className="opp-offer__item opp-offer__item--excluded">
                  {item}
                </li>
              ))}
            </ul>
            <SectionButton
              to="application"
              className={buttonClass({
                variant: offer.featured ? 'default' : 'outline',
                className: 'opp-offer__cta',
              })}
            >
              Apply for {offer.name}
            </SectionButton>
          </article>
        ))}
      </div>
    </Section>
  );
}

function Products() {
  return (
    <Section
      id="products"
      eyebrow="Your catalog"
      title="What you could be selling"
      lead="Small, useful parts with big markups: what customers pay is set by the alternative, not the plastic."
    >
      <ul className="opp-products">
        {PRODUCT_TILES.map((product) => (
          <li key={product.name} className="opp-product">
            <span className="opp-product__icon" aria-hidden="true">
              {product.icon}
            </span>
            <span className="opp-product__name">{product.name}</span>
            <span className="opp-product__range">{product.range}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Profits() {
  return (
    <Section
      id="profits"
      eyebrow="Run the numbers"
      title="Profit calculator"
      lead="Pick a business model to see what two printers could earn at full capacity and how fast the startup cost comes back. Results vary."
      anchor
    >
      <ProfitCalculator headingLevel={3} />
    </Section>
  );
}

function Course() {
  return (
    <Section
      id="course"
      eyebrow="Mastery course"
      title="Everything you need to know, step by step"
      lead="Six modules take you from unboxing to a profitable, busy print farm."
      anchor
      muted
    >
      <ol className="opp-course">
        {COURSE_TOPICS.map((topic, index) => (
          <li key={topic.title} className="opp-course__topic">
            <span className="opp-course__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="opp-course__title">{topic.title}</h3>
            <p className="opp-course__text">{topic.text}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function WhyList({ tone, items }: { tone: 'no' | 'yes'; items: readonly string[] }) {
  return (
    <ul className={`opp-why__list opp-why__list--${tone}`}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const WHY_COLUMNS: readonly { title: string; list: ReactNode }[] = [
  { title: "What you don't need", list: <WhyList tone="no" items={WHY_JOIN.dontNeed} /> },
  { title: 'What you get', list: <WhyList tone="yes" items={WHY_JOIN.get} /> },
  {
    title: 'How it works',
    list: (
      <ol className="opp-why__steps">
        {WHY_JOIN.howItWorks.map((item) => (
          <li key={item.step}>
            <strong>{item.step}</strong>
            <span>{item.text}</span>
          </li>
        ))}
      </ol>
    ),
  },
];

function WhyJoin() {
  return (
    <Section id="why" eyebrow="Why join" title="A real business, without the usual barriers">
      <div className="opp-why">
        {WHY_COLUMNS.map((column) => (
          <div key={column.title} className="opp-why__column">
            <h3>{column.title}</h3>
            {column.list}
          </div>
        ))}
      </div>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section id="testimonials" eyebrow="Reviews" title="Hear from operators" anchor muted>
      <div className="opp-testimonials">
        {TESTIMONIALS.map((testimonial) => (
          <figure key={testimonial.name} className="opp-testimonial">
            <div className="opp-testimonial__stars" role="img" aria-label="5 out of 5 stars">
              ★★★★★
            </div>
            <blockquote className="opp-testimonial__quote">“{testimonial.quote}”</blockquote>
            <figcaption className="opp-testimonial__who">
              <span className="opp-testimonial__avatar" aria-hidden="true">
                {testimonial.name.charAt(0)}
              </span>
              <span>
                <strong>{testimonial.name}</strong>
                <span className="opp-testimonial__place">
                  {testimonial.place} · {testimonial.detail}
                </span>
              </span>
            </figcaption>
          </figure>
        ))}
      </div>
      <p className="opp-fineprint">
        Individual experiences; results vary and are not a guarantee of earnings.
      </p>
    </Section>
  );
}

function Application() {
  return (
    <Section
      id="application"
      eyebrow="Apply"
      title="Apply to run a print farm"
      lead="Tell us about yourself and where you live. We'll be in touch within 48 hours to discuss your territory."
      anchor
      containerSize="default"
      containerClassName="opp-application"
    >
      <ApplicationForm />
    </Section>
  );
}

function ScalePotential() {
  return (
    <section className="opp-section opp-scale" aria-labelledby="scale-heading">
      <Container size="wide" className="opp-scale__inner">
        <div>
          <SectionHeader
            id="scale"
            eyebrow="Scale potential"
            title="From two printers to a regional print farm"
            lead="Operators who fill their queue add printers one at a time, funded by what the first two earn. The network routes more jobs to farms with capacity. Results vary."
          />
        </div>
        <ScaleIllustration />
      </Container>
    </section>
  );
}

export default function OpportunityPage() {
  useEffect(() => {
    document.title = 'Start Your Print Farm | PrintFarm Network';
    // Arriving with #application (e.g. from the calculator page) lands on that section.
    const id = window.location.hash.slice(1);
    if (id) requestAnimationFrame(() => scrollToSection(id));
  }, []);

  return (
    <div className="page opp-page">
      <OpportunityNav />
      <main id="main" className="page__main">
        <Hero />
        <Packages />
        <Products />
        <Profits />
        <Course />
        <WhyJoin />
        <Testimonials />
        <Application />
        <ScalePotential />
      </main>
      <Footer
        columns={FOOTER_COLUMNS}
        tagline="Independent print farms making the parts people can't find. Earnings not guaranteed; results vary."
      />
    </div>
  );
}
