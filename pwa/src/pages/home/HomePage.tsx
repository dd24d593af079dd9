// The landing page (/): hero, exclusive products, how custom printing works, why choose the network,
// and the closing call to action. The farm figure shows '50+' until the real farm list has loaded.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { printFarmQueries } from '../../api/printFarms.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Container, PageHero } from '../../components/ui/layout.tsx';
import { cx } from '../../lib/cx.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { EXCLUSIVE_PRODUCTS, type ExclusiveProduct } from './products.tsx';
import './home.css';

const MAX_SPECIALTIES = 2;

const STEPS = [
  {
    title: 'Upload Your Design',
    text: 'Send us your STL, OBJ or 3MF file from your dashboard. Your files stay private.',
  },
  {
    title: 'Get a Custom Quote',
    text: 'Receive a price and timeline for your part within 2 hours, with material advice from our engineers.',
  },
  {
    title: 'We Print Your Parts',
    text: 'A certified print farm near you produces your parts and checks every one for quality.',
  },
  {
    title: 'Fast Delivery',
    text: 'Finished parts ship straight to your door, usually within 24-72 hours.',
  },
] as const;

const REASONS: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Certified Quality',
    text: 'Every farm is vetted and scored on each job, so your parts meet spec the first time.',
    icon: (
      <path d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1.2 14.2-3.5-3.5 1.4-1.4 2.1 2.1 4.6-4.6 1.4 1.4-6 6Z" />
    ),
  },
  {
    title: 'Distributed Network',
    text: 'Independent farms across the country print close to you: shorter shipping, more capacity.',
    icon: (
      <path d="M12 2a3 3 0 0 1 1 5.83V10h4a2 2 0 0 1 2 2v2.17a3 3 0 1 1-2 0V12h-4v2.17a3 3 0 1 1-2 0V12H7v2.17a3 3 0 1 1-2 0V12a2 2 0 0 1 2-2h4V7.83A3 3 0 0 1 12 2Z" />
    ),
  },
  {
    title: 'Expert Engineering',
    text: 'Our engineers review your design for printability, material choice and strength.',
    icon: (
      <path d="M21.7 18.3 13.4 10a5.5 5.5 0 0 0-7.1-7.1l3.6 3.6-2.8 2.8-3.6-3.6A5.5 5.5 0 0 0 10.6 13l8.3 8.3a2 2 0 0 0 2.8-3Z" />
    ),
  },
];

function ProductAction({ product }: { product: ExclusiveProduct }) {
  const comingSoon = product.status === 'Coming Soon';
  if (comingSoon) {
    // Dimmed and not clickable: no href, out of the tab order, announced as a disabled link.
    return (
      // biome-ignore lint/a11y/useValidAnchor: a store that is coming soon has no page to link to yet.
      <a
        className={buttonClass({ variant: 'outline', className: 'product-card__action' })}
        role="link"
        aria-disabled="true"
        tabIndex={-1}
      >
        Coming Soon
      </a>
    );
  }
  if (product.storePath) {
    return (
      <AppLink to={product.storePath} className={buttonClass({ className: 'product-card__action' })}>
        Visit Store
      </AppLink>
    );
  }
  return (
    <AppLink to="/api/login" className={buttonClass({ className: 'product-card__action' })}>
      Request Quote
    </AppLink>
  );
}

function ProductCard({ product }: { product: ExclusiveProduct }) {
  const comingSoon = product.status === 'Coming Soon';
  const headingId = `product-${product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <article
      className={cx('product-card', comingSoon && 'product-card--disabled')}
      aria-disabled={comingSoon || undefined}
      aria-labelledby={headingId}
    >
      <div className="product-card__image">
        {product.image}
        <Badge variant={comingSoon ? 'yellow' : 'green'} className="product-card__badge">
          {product.status}
        </Badge>
      </div>
      <div className="product-card__body">
        <h3 id={headingId} className="product-card__name">
          {product.name}
        </h3>
        <p className="product-card__location">{product.location}</p>
        <p className="product-card__tagline">{product.tagline}</p>
        <ul className="product-card__specialties" aria-label="Specialties">
          {product.specialties.slice(0, MAX_SPECIALTIES).map((specialty) => (
            <li key={specialty}>{specialty}</li>
          ))}
        </ul>
        <p className="product-card__turnaround">
          <span>Turnaround</span> {product.turnaround}
        </p>
        <ProductAction product={product} />
      </div>
    </article>
  );
}

export default function HomePage() {
  const farms = useQuery(printFarmQueries.list());
  const farmCount = farms.data && farms.data.length > 0 ? farms.data.length.toLocaleString('en-US') : '50+';
  const figures = [
    { value: farmCount, label: 'Active Print Farms' },
    { value: '15,000+', label: 'Custom Parts Printed' },
    { value: '24-72hr', label: 'Average Turnaround' },
    { value: '98.5%', label: 'Quality Success Rate' },
  ];

  return (
    <SiteLayout>
      <PageHero
        className="home-hero page-hero--display"
        container="wide"
        eyebrow="Custom 3D printing, made local"
        title={
          <>
            Your designs, printed by the <span className="home-hero__highlight">PrintFarm Network</span>
          </>
        }
        lead="Upload an STL, OBJ or 3MF file and get a custom quote and timeline within 2 hours. Certified print farms near you make your parts and ship them to your door."
        actions={
          <>
            <AppLink to="/api/login" className={buttonClass({ size: 'lg' })}>
              Start Custom Print Request
            </AppLink>
            <AppLink to="/print-farms" className={buttonClass({ size: 'lg', variant: 'outline' })}>
              View Print Farm Network
            </AppLink>
          </>
        }
        aside={
          <dl className="home-figures">
            {figures.map((figure) => (
              <div key={figure.label} className="home-figures__item">
                <dt>{figure.label}</dt>
                <dd data-figure={figure.label}>{figure.value}</dd>
              </div>
            ))}
          </dl>
        }
      />

      <section className="home-section" aria-labelledby="products-heading">
        <Container size="wide">
          <div className="home-section__header">
            <div>
              <h2 id="products-heading" className="home-section__title">
                Our Exclusive Products
              </h2>
              <p className="home-section__lead">
                Signature products designed in-house and printed across the network.
              </p>
            </div>
            <AppLink to="/products" className={buttonClass({ variant: 'ghost' })}>
              View All Products →
            </AppLink>
          </div>
          <div className="product-grid">
            {EXCLUSIVE_PRODUCTS.map((product) => (
              <ProductCard key={product.name} product={product} />
            ))}
          </div>
        </Container>
      </section>

      <section className="home-section home-section--muted" aria-labelledby="how-heading">
        <Container size="wide">
          <div className="home-section__header home-section__header--center">
            <h2 id="how-heading" className="home-section__title">
              How Custom Printing Works
            </h2>
            <p className="home-section__lead">From file to finished part in four simple steps.</p>
          </div>
          <ol className="home-steps">
            {STEPS.map((step, i) => (
              <li key={step.title} className="home-steps__item">
                <span className="home-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section className="home-section" aria-labelledby="why-heading">
        <Container size="wide">
          <div className="home-section__header home-section__header--center">
            <h2 id="why-heading" className="home-section__title">
              Why Choose Our Print Network
            </h2>
          </div>
          <div className="home-reasons">
            {REASONS.map((reason) => (
              <div key={reason.title} className="home-reasons__item">
                <svg viewBox="0 0 24 24" className="home-reasons__icon" aria-hidden="true">
                  {reason.icon}
                </svg>
                <h3>{reason.title}</h3>
                <p>{reason.text}</p>
              </div>
            ))}
          </div>
        </Container>
      </section>

      <section className="home-cta" aria-labelledby="cta-heading">
        <Container className="home-cta__inner">
          <h2 id="cta-heading">Ready to Bring Your Design to Life?</h2>
          <p>Start a custom print request today, or put your own printers to work in our network.</p>
          <div className="home-cta__actions">
            <AppLink to="/api/login" className={buttonClass({ size: 'lg', variant: 'secondary' })}>
              Get Started
            </AppLink>
            <AppLink to="/opportunity" className={buttonClass({ size: 'lg', className: 'home-cta__join' })}>
              Join Our Print Farm Network
            </AppLink>
          </div>
        </Container>
      </section>
    </SiteLayout>
  );
}
