// /earnings-disclaimer: the static legal text behind every earnings claim on the recruitment pages.
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Container } from '../../components/ui/layout.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import './earningsDisclaimer.css';

export default function EarningsDisclaimerPage() {
  useEffect(() => {
    document.title = 'Earnings Disclaimer | PrintFarm Network';
  }, []);

  return (
    <SiteLayout>
      <Container size="narrow" className="legal-doc">
        <h1>Earnings Disclaimer</h1>
        <p className="legal-doc__updated">Last updated December 23, 2024</p>

        <section>
          <h2>No guarantee of earnings</h2>
          <p>
            There is no guarantee of earnings. PrintFarm Network makes no promise, representation or guarantee
            that you will earn any money by joining the network, buying a package, completing the course or
            printing parts from our catalog. Results vary.
          </p>
        </section>

        <section>
          <h2>Initial investment</h2>
          <p>
            Starting a print farm requires an initial investment of about $8,000 for equipment, materials and
            training, in addition to your time, workspace, electricity, shipping supplies and other operating
            costs. You could lose some or all of the money you invest.
          </p>
        </section>

        <section>
          <h2>Examples and projections</h2>
          <p>
            Income figures on our pages, such as $4K-$10K monthly income, 60-75% margins and 30-40 parts per
            day, and the figures produced by our profit calculator, are illustrations of what is possible
            under ideal conditions. They are not typical, average or expected results. Calculator figures are
            before labor and shipping and assume every part you can print is sold.
          </p>
          <p>
            Testimonials describe the experience of individual operators. Their results are not typical, and
            your results will vary with your market, location, pricing, effort, skills, equipment, competition
            and economic conditions.
          </p>
        </section>

        <section>
          <h2>Your responsibility</h2>
          <p>
            You alone are responsible for your decisions and results. Before investing, consider your finances
            carefully and seek advice from qualified financial, legal and tax professionals.
          </p>
        </section>

        <section>
          <h2>Questions</h2>
          <p>
            If you have questions about this disclaimer, ask us before you apply. You can read more about
            running a print farm on <Link to="/blog">G-Code Confidential</Link> or return to the{' '}
            <Link to="/opportunity">opportunity overview</Link>.
          </p>
        </section>
      </Container>
    </SiteLayout>
  );
}
