// Placeholder landing page; the real one (hero, products, how it works) replaces this file.
import { Link } from 'react-router-dom';
import { buttonClass } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { SiteLayout } from '../SiteLayout.tsx';

export default function HomePage() {
  return (
    <SiteLayout>
      <section className="hero">
        <Container className="hero__inner">
          <h1 className="hero__title">PrintFarm Network</h1>
          <p className="hero__lead">
            Custom 3D printing from independent print farms near you, and a network that print farms can join.
          </p>
          <div className="hero__actions">
            <Link to="/print-farms" className={buttonClass({ size: 'lg' })}>
              View Print Farm Network
            </Link>
            <Link to="/opportunity" className={buttonClass({ size: 'lg', variant: 'outline' })}>
              Join Our Print Farm Network
            </Link>
          </div>
        </Container>
      </section>
    </SiteLayout>
  );
}
