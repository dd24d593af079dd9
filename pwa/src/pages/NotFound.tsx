// The 404 screen inside the site's header and footer. An unknown path shows it as '404 Page Not
// Found'; an unknown blog article or store shows it with its own title, message and way back. The
// server answers all of them with HTTP 404 (api/src/http/spa.ts). The staff screens show the same
// frame as their 403 for anyone who is not staff.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../components/ui/button.tsx';
import { Container } from '../components/ui/layout.tsx';
import { SiteLayout } from './SiteLayout.tsx';

export interface NotFoundScreenProps {
  /** The big number drawn behind the title. */
  code?: '404' | '403';
  title?: string;
  message?: string;
  /** The way back; home when left out. */
  action?: ReactNode;
}

export function NotFoundScreen({
  code = '404',
  title = '404 Page Not Found',
  message = 'The page you are looking for does not exist or has moved.',
  action = (
    <Link to="/" className={buttonClass()}>
      Back to home
    </Link>
  ),
}: NotFoundScreenProps) {
  return (
    <SiteLayout>
      <title>{`${title} · PrintFarm Network`}</title>
      <Container size="narrow" className="not-found">
        <p className="not-found__code" data-code={code} aria-hidden="true" />
        <h1>{title}</h1>
        <p>{message}</p>
        {action}
      </Container>
    </SiteLayout>
  );
}

export default function NotFound() {
  return <NotFoundScreen />;
}
