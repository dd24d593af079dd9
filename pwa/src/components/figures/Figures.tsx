// A row of headline figures, each with its label and a line saying what it means: the operator's
// pending, available and paid-out money, the staff's money to collect and to send.
import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { Skeleton } from '../ui/skeleton.tsx';
import './figures.css';

export interface Figure {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  tone?: 'default' | 'good' | 'bad';
}

export function Figures({
  figures,
  loading = false,
  label,
}: {
  figures: readonly Figure[];
  loading?: boolean;
  /** Names the group for screen readers. */
  label: string;
}) {
  return (
    <dl className="figures" aria-label={label} aria-busy={loading || undefined}>
      {figures.map((figure) => (
        <div
          key={figure.label}
          className={cx('figures__item', figure.tone && `figures__item--${figure.tone}`)}
        >
          <dt className="figures__label">{figure.label}</dt>
          <dd className="figures__value">
            {loading ? <Skeleton className="figures__skeleton" /> : figure.value}
          </dd>
          {figure.hint && <dd className="figures__hint">{figure.hint}</dd>}
        </div>
      ))}
    </dl>
  );
}
