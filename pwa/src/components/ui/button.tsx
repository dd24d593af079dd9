import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'default' | 'secondary' | 'outline' | 'ghost' | 'destructive' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string | undefined;
}

/** The button classes, for links that should look like buttons: <Link className={buttonClass()} />. */
export function buttonClass({ variant = 'default', size = 'md', className }: ButtonStyle = {}): string {
  return cx('btn', `btn--${variant}`, `btn--${size}`, className);
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonStyle {
  /** Shows a spinner and disables the button, e.g. while a mutation is pending. */
  loading?: boolean;
}

export function Button({
  variant,
  size,
  className,
  loading = false,
  disabled,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass({ variant, size, className })}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <Spinner size="sm" decorative />}
      {children}
    </button>
  );
}
