// /faq: the questions shoppers, customers and farms ask, from the content file (src/content/faq.ts).
import { slugify } from '@printfarm/domain/slug';
import { AppLink } from '../../components/AppLink.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { FAQ } from '../../content/faq.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import './faq.css';

export default function FaqPage() {
  return (
    <SiteLayout>
      <title>FAQ · PrintFarm Network</title>
      <meta
        name="description"
        content="Answers about ordering from the stores, shipping, custom print requests and joining the PrintFarm Network."
      />
      <Container size="narrow" className="faq">
        <header className="faq__header">
          <h1>Frequently Asked Questions</h1>
          <p>Shopping in the stores, custom prints and running a print farm on the network.</p>
        </header>
        {FAQ.map((section) => {
          const id = `faq-${slugify(section.heading)}`;
          return (
            <section key={section.heading} className="faq__section" aria-labelledby={id}>
              <h2 id={id}>{section.heading}</h2>
              {section.entries.map((entry) => (
                <details key={entry.question} className="faq__entry">
                  <summary>{entry.question}</summary>
                  <div className="faq__answer">
                    <p>{entry.answer}</p>
                    {entry.link && (
                      <AppLink to={entry.link.to} className="faq__link">
                        {entry.link.label} →
                      </AppLink>
                    )}
                  </div>
                </details>
              ))}
            </section>
          );
        })}
        <aside className="faq__more" aria-labelledby="faq-more">
          <h2 id="faq-more">Still have a question?</h2>
          <p>Write to us and our team answers by e-mail.</p>
          <AppLink to="/contact" className={buttonClass()}>
            Contact Us
          </AppLink>
        </aside>
      </Container>
    </SiteLayout>
  );
}
