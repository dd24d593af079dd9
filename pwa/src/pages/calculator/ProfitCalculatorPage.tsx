// /profit-calculator: the calculator on its own page; the header gains a shadow after 100 px of scroll.
import { Link } from 'react-router-dom';
import { LogoMark } from '../../components/Logo.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Container, Footer } from '../../components/ui/layout.tsx';
import { SITE_FOOTER } from '../SiteLayout.tsx';
import { ProfitCalculator } from './ProfitCalculator.tsx';
import { useScrolledPast } from './useScrolledPast.ts';
import './calculator.css';

export default function ProfitCalculatorPage() {
  const scrolled = useScrolledPast(100);
  return (
    <div className="page">
      <header className="calc-page__header" data-scrolled={scrolled ? 'true' : 'false'}>
        <Container size="wide" className="calc-page__header-inner">
          <Link to="/opportunity" className="calc-page__brand">
            <LogoMark size={30} />
            <span>PrintFarm Network</span>
          </Link>
          <Link to="/opportunity#application" className={buttonClass({ size: 'sm' })}>
            Apply Now
          </Link>
        </Container>
      </header>
      <main id="main">
        <Container className="calc-page__intro">
          <h1>Profit Calculator</h1>
          <p>
            Choose a business model to see monthly sales, revenue, material cost and profit at full capacity,
            how many months it takes to earn back the startup cost, and the first year month by month. Results
            vary.
          </p>
        </Container>
        <Container className="calc-page__body">
          <ProfitCalculator />
        </Container>
      </main>
      <Footer columns={SITE_FOOTER} />
    </div>
  );
}
