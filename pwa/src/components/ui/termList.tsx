import type { ReactNode } from 'react';

/** One fact of a TermList; a fact without detail is left out. */
export interface Term {
  term: string;
  detail: ReactNode;
  className?: string;
  testId?: string;
}

/** Facts as a description list: each term over its detail, in a div of its own for the grid. */
export function TermList({ className, terms }: { className: string; terms: readonly Term[] }) {
  return (
    <dl className={className}>
      {terms.map(
        ({ term, detail, className: rowClass, testId }) =>
          detail != null &&
          detail !== '' && (
            <div key={term} className={rowClass}>
              <dt>{term}</dt>
              <dd data-testid={testId}>{detail}</dd>
            </div>
          ),
      )}
    </dl>
  );
}
