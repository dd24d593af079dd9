import { cx } from '../../lib/cx.ts';

export interface SpinnerProps {
  /** Announced to screen readers, and shown beside the spinner when showLabel is set. */
  label?: string;
  showLabel?: boolean;
  size?: 'sm' | 'md' | 'lg';
  /** Inside a control that already says it is busy: draw the circle only. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({
  label = 'Loading...',
  showLabel = false,
  size = 'md',
  decorative = false,
  className,
}: SpinnerProps) {
  const circle = <span className={cx('spinner', `spinner--${size}`)} aria-hidden="true" />;
  if (decorative) return circle;
  return (
    <span role="status" className={cx('spinner-wrap', className)}>
      {circle}
      <span className={showLabel ? 'spinner-label' : 'sr-only'}>{label}</span>
    </span>
  );
}
