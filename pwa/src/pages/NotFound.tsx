import { Link } from 'react-router-dom';
import { buttonClass } from '../components/ui/button.tsx';
import { Container } from '../components/ui/layout.tsx';
import { SiteLayout } from './SiteLayout.tsx';

export default function NotFound() {
  return (
    <SiteLayout>
      <title>404 Page Not Found · PrintFarm Network</title>
      <Container size="narrow" className="not-found">
        <p className="not-found__code" aria-hidden="true" />
        <h1>404 Page Not Found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <Link to="/" className={buttonClass()}>
          Back to home
        </Link>
      </Container>
    </SiteLayout>
  );
}
