// The profit calculator (operator-side section 9): pick a business model, see the month at full
// capacity, the months to break even and a 12-month chart of the ramp-up. Figures come from the
// domain's calculator, the same one its unit tests check against the spec.
import {
  BUSINESS_MODEL_IDS,
  BUSINESS_MODELS,
  calculateProfit,
  DEFAULT_MODEL,
  STARTUP_COST,
  type TimelineMonth,
} from '@printfarm/domain/profitCalculator';
import { useMemo } from 'react';
import { useLabelledSelect } from '../../components/ui/labelledSelect.tsx';
import './calculator.css';

const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const count = new Intl.NumberFormat('en-US');

export const GROWTH_TIMELINE = [
  {
    months: 'Months 1-2',
    capacity: '15-30% capacity',
    text: 'Learn the machines, list your first parts, land local customers.',
  },
  {
    months: 'Months 3-4',
    capacity: '50-70% capacity',
    text: 'Network jobs and repeat buyers fill more of every day.',
  },
  {
    months: 'Months 5-6',
    capacity: '85-100% capacity',
    text: 'Both printers run near full time on proven catalog parts.',
  },
] as const;

const MODEL_OPTIONS = BUSINESS_MODEL_IDS.map((id) => ({ value: id, label: BUSINESS_MODELS[id].name }));

export function ProfitCalculator({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [modelId, modelSelect] = useLabelledSelect({
    className: 'calc__field',
    label: 'Business Model',
    initial: DEFAULT_MODEL,
    options: MODEL_OPTIONS,
  });
  const projection = useMemo(() => calculateProfit(modelId), [modelId]);
  const model = BUSINESS_MODELS[modelId];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const stats = [
    {
      label: 'Monthly Sales',
      value: `${count.format(projection.monthlySales)} parts`,
      hint: `${model.avgDailyOrders} orders a day × 30 days`,
    },
    {
      label: 'Monthly Revenue',
      value: dollars.format(projection.monthlyRevenue),
      hint: `at ${cents.format(model.salePrice)} each`,
    },
    {
      label: 'Material Cost',
      value: dollars.format(projection.monthlyMaterialCost),
      hint: `${cents.format(model.materialCost)} of filament a part`,
    },
    {
      label: 'Monthly Profit',
      value: dollars.format(projection.monthlyProfit),
      hint: 'before labor and shipping',
      highlight: true,
    },
    {
      label: 'Months to Breakeven',
      value: String(projection.breakEvenMonth),
      hint: `on a ${dollars.format(STARTUP_COST)} startup cost`,
    },
  ];

  return (
    <div className="calc" data-testid="profit-calculator">
      <div className="calc__controls">
        {modelSelect}
        <p className="calc__model-description">{model.description}</p>
      </div>

      <dl className="calc__stats" aria-live="polite">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className={stat.highlight ? 'calc__stat calc__stat--highlight' : 'calc__stat'}
          >
            <dt>{stat.label}</dt>
            <dd>
              <span className="calc__stat-value">{stat.value}</span>
              <span className="calc__stat-hint">{stat.hint}</span>
            </dd>
          </div>
        ))}
      </dl>

      <div className="calc__chart-card">
        <Heading className="calc__chart-title">12-Month Projection</Heading>
        <ProfitChart timeline={projection.timeline} breakEvenMonth={projection.breakEvenMonth} />
      </div>

      <div className="calc__growth">
        <Heading className="calc__chart-title">Growth Timeline</Heading>
        <ol className="calc__growth-list">
          {GROWTH_TIMELINE.map((step) => (
            <li key={step.months} className="calc__growth-step">
              <span className="calc__growth-months">{step.months}</span>
              <strong className="calc__growth-capacity">{step.capacity}</strong>
              <span className="calc__growth-text">{step.text}</span>
            </li>
          ))}
        </ol>
      </div>

      <p className="calc__disclaimer">
        Projections are estimates at full capacity, before labor and shipping, assuming every order is sold.
        Results vary with your market, effort and costs; this is not a guarantee of earnings. See our{' '}
        <a href="/earnings-disclaimer">earnings disclaimer</a>.
      </p>
    </div>
  );
}

const WIDTH = 640;
const HEIGHT = 280;
const PAD = { top: 16, right: 16, bottom: 36, left: 64 };

function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const steps = [1, 2, 2.5, 5, 10];
  const step = steps.find((s) => s * magnitude >= value) ?? 10;
  return step * magnitude;
}

/** Bars for each month's profit, a line for cumulative profit, a dashed line at the startup cost. */
export function ProfitChart({
  timeline,
  breakEvenMonth,
}: {
  timeline: TimelineMonth[];
  breakEvenMonth: number;
}) {
  const maxValue = niceCeiling(
    Math.max(STARTUP_COST, ...timeline.map((month) => Math.max(month.cumulativeProfit, month.profit))),
  );
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / timeline.length;
  const barWidth = slot * 0.56;
  const y = (value: number) => PAD.top + plotHeight - (value / maxValue) * plotHeight;
  const xCentre = (index: number) => PAD.left + slot * index + slot / 2;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((share) => share * maxValue);
  const linePoints = timeline
    .map((month, index) => `${xCentre(index)},${y(month.cumulativeProfit)}`)
    .join(' ');
  const summary = timeline
    .map(
      (month) =>
        `Month ${month.month}: profit ${dollars.format(month.profit)}, cumulative ${dollars.format(month.cumulativeProfit)}`,
    )
    .join('; ');

  return (
    <figure className="calc__chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`12-month profit chart. ${summary}.`}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(tick)} y2={y(tick)} className="calc__grid" />
            <text
              x={PAD.left - 8}
              y={y(tick)}
              className="calc__axis-label"
              textAnchor="end"
              dominantBaseline="middle"
            >
              {dollars.format(tick)}
            </text>
          </g>
        ))}
        {timeline.map((month, index) => (
          <g key={month.month}>
            <rect
              x={xCentre(index) - barWidth / 2}
              y={y(month.profit)}
              width={barWidth}
              height={Math.max(0, PAD.top + plotHeight - y(month.profit))}
              rx={3}
              className={month.month === breakEvenMonth ? 'calc__bar calc__bar--breakeven' : 'calc__bar'}
            >
              <title>{`Month ${month.month}: ${dollars.format(month.profit)} profit (${Math.round(month.factor * 100)}% capacity)`}</title>
            </rect>
            <text
              x={xCentre(index)}
              y={HEIGHT - PAD.bottom + 18}
              className="calc__axis-label"
              textAnchor="middle"
            >
              {month.month}
            </text>
          </g>
        ))}
        <line
          x1={PAD.left}
          x2={WIDTH - PAD.right}
          y1={y(STARTUP_COST)}
          y2={y(STARTUP_COST)}
          className="calc__startup-line"
        />
        <text x={WIDTH - PAD.right} y={y(STARTUP_COST) - 6} className="calc__startup-label" textAnchor="end">
          Startup cost {dollars.format(STARTUP_COST)}
        </text>
        <polyline points={linePoints} className="calc__cumulative" />
        {timeline.map((month, index) => (
          <circle
            key={month.month}
            cx={xCentre(index)}
            cy={y(month.cumulativeProfit)}
            r={3.5}
            className="calc__dot"
          />
        ))}
        <text x={PAD.left + plotWidth / 2} y={HEIGHT - 4} className="calc__axis-label" textAnchor="middle">
          Month
        </text>
      </svg>
      <figcaption className="calc__legend">
        <span className="calc__legend-item calc__legend-item--bar">Monthly profit</span>
        <span className="calc__legend-item calc__legend-item--line">Cumulative profit</span>
        <span className="calc__legend-item calc__legend-item--startup">Startup cost</span>
      </figcaption>
    </figure>
  );
}
