// A farm's scorecard, as its operator and staff read it: rating, on-time and decline rates, median
// answer time and recent jobs; a farm with too few routed jobs is shown as new (on probation).
import type { Scorecard } from '../../api/operator.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { cx } from '../../lib/cx.ts';
import { duration, percent } from './format.ts';
import './scorecard.css';

export const PROBATION_LABEL = 'New farm — on probation';

export function ratingText(scorecard: Pick<Scorecard, 'rating' | 'ratingCount'>): string {
  return scorecard.rating === null ? 'No ratings yet' : `★ ${scorecard.rating.toFixed(1)}`;
}

export function ProbationBadge({ scorecard }: { scorecard: Pick<Scorecard, 'onProbation'> }) {
  return scorecard.onProbation ? <Badge variant="blue">{PROBATION_LABEL}</Badge> : null;
}

/** The five numbers of the scorecard as a definition list; `compact` for a node card. */
export function ScorecardFacts({ scorecard, compact = false }: { scorecard: Scorecard; compact?: boolean }) {
  // [label, label in a node card, value, note]
  const facts: [string, string, string, string?][] = [
    [
      'Rating',
      'Rating',
      ratingText(scorecard),
      scorecard.rating === null ? undefined : `${scorecard.ratingCount.toLocaleString('en-US')} ratings`,
    ],
    ['On time', 'On time', percent(scorecard.onTimeRate), 'of shipped jobs'],
    ['Declined', 'Declined', percent(scorecard.declineRate), 'of routed jobs'],
    ['Median response', 'Response', duration(scorecard.medianResponseMinutes), 'to answer a job'],
    [
      'Jobs, last 90 days',
      'Jobs (90 d)',
      scorecard.jobsLast90Days === null ? '—' : String(scorecard.jobsLast90Days),
    ],
  ];
  return (
    <dl className={cx('scorecard', compact && 'scorecard--compact')}>
      {facts.map(([label, short, value, note]) => (
        <div key={label} className="scorecard__fact">
          <dt title={compact ? label : undefined}>{compact ? short : label}</dt>
          <dd>
            <span className="scorecard__value">{value}</span>
            {note && !compact && <span className="scorecard__note">{note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}
