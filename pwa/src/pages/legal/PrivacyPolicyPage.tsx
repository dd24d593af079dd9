// The privacy policy (/privacy-policy).
import type { ReactNode } from 'react';
import { AppLink } from '../../components/AppLink.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import './privacyPolicy.css';

const SECTIONS: readonly { id: string; title: string; body: ReactNode }[] = [
  {
    id: 'information-we-collect',
    title: '1. Information We Collect',
    body: (
      <>
        <p>
          We collect the information you give us and a small amount of information about how you use the site:
        </p>
        <ul>
          <li>
            <strong>Account information:</strong> your name and e-mail address when you sign in.
          </li>
          <li>
            <strong>Print farm registrations:</strong> company name, contact name, e-mail address, phone
            number, street address, city, state, ZIP code, website and printer inventory.
          </li>
          <li>
            <strong>Design files and print requests:</strong> the 3D files you upload and the details of your
            requests, quotes and orders.
          </li>
          <li>
            <strong>Order details:</strong> shipping address and contact information needed to deliver your
            parts.
          </li>
          <li>
            <strong>Technical data:</strong> browser type, device information, IP address and pages visited.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'how-we-use-information',
    title: '2. How We Use Your Information',
    body: (
      <ul>
        <li>To provide quotes, match your requests with print farms and deliver your orders.</li>
        <li>
          To show registered print farms on the network map (company name, street name, city, state and ZIP
          code only).
        </li>
        <li>To send confirmations, order updates and replies to your questions.</li>
        <li>To keep the service secure, prevent fraud and improve our products.</li>
        <li>To meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: '3. How We Share Your Information',
    body: (
      <>
        <p>
          <strong>We do not sell your personal information.</strong> We share it only as needed to run the
          service:
        </p>
        <ul>
          <li>
            With the print farm that produces your order, limited to what it needs to make and ship your
            parts.
          </li>
          <li>
            With service providers who host our systems, send e-mail or deliver packages, under contract.
          </li>
          <li>When the law requires it, or to protect the rights and safety of our users and the public.</li>
          <li>With a successor if our business is merged or sold, under the same protections.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'your-rights',
    title: '4. Your Privacy Rights',
    body: (
      <>
        <p>
          You may ask to access, correct or delete your personal information, and to receive a copy of it. You
          may opt out of marketing e-mails at any time using the link in each message.
        </p>
        <h3>California Residents</h3>
        <p>
          Under the California Consumer Privacy Act (CCPA), as amended by the California Privacy Rights Act,
          you have the right to know what personal information we collect, use and disclose; to request its
          deletion or correction; to opt out of its sale or sharing (we do not sell it); and not to be
          discriminated against for exercising these rights. We respond to verifiable requests within 45 days.
        </p>
      </>
    ),
  },
  {
    id: 'security-retention',
    title: '5. Data Security and Retention',
    body: (
      <p>
        We protect your information with encryption in transit, access controls and regular reviews. No system
        is perfectly secure, but we work to keep your data safe. We keep personal information only as long as
        needed for the purposes above or as the law requires, then delete or anonymise it.
      </p>
    ),
  },
  {
    id: 'cookies',
    title: '6. Cookies',
    body: (
      <p>
        We use essential cookies to keep you signed in and to remember your preferences. You can block or
        delete cookies in your browser settings, but some parts of the site, such as your dashboard, will not
        work without them.
      </p>
    ),
  },
  {
    id: 'contact',
    title: '7. Contact Us',
    body: (
      <p>
        For questions about this policy or to exercise your rights, e-mail{' '}
        <a href="mailto:privacy@printfarm.network">privacy@printfarm.network</a>. Please tell us which right
        you want to exercise and how we can reach you.
      </p>
    ),
  },
  {
    id: 'updates',
    title: '8. Updates to This Policy',
    body: (
      <p>
        We may update this policy from time to time. When we make material changes we will change the date
        above and, where appropriate, notify you by e-mail or on the site.
      </p>
    ),
  },
];

export default function PrivacyPolicyPage() {
  return (
    <SiteLayout>
      <div className="legal-page">
        <Container size="narrow">
          <header className="legal-page__header">
            <h1>Privacy Policy</h1>
            <p className="legal-page__updated">Last updated December 23, 2024</p>
            <p>
              This policy explains what information PrintFarm Network collects when you use our website,
              custom printing service and print farm network, how we use it, and the choices you have.
            </p>
          </header>
          <nav aria-label="Sections" className="legal-page__toc">
            <ol>
              {SECTIONS.map((section) => (
                <li key={section.id}>
                  <a href={`#${section.id}`}>{section.title.replace(/^\d+\.\s*/, '')}</a>
                </li>
              ))}
            </ol>
          </nav>
          {SECTIONS.map((section) => (
            <section key={section.id} id={section.id} className="legal-page__section">
              <h2>{section.title}</h2>
              {section.body}
            </section>
          ))}
          <p className="legal-page__back">
            <AppLink to="/">← Back to home</AppLink>
          </p>
        </Container>
      </div>
    </SiteLayout>
  );
}
