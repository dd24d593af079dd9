import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('card__header', className)} {...props} />;
}

/** A card heads a section of its page (h2); a card inside such a section says `level={3}`. */
export function CardTitle({ className, level = 2, ...props }: ComponentProps<'h2'> & { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return <Heading className={cx('card__title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx('card__description', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('card__content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('card__footer', className)} {...props} />;
}

/** The usual card: a title, an optional line under it, and its content. */
export function TitledCard({
  title,
  description,
  id,
  className,
  contentClassName,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  id?: string;
  className?: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card id={id} className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

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
