import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A form's row of actions holding only its submit button, busy while the form is sent. */
export function SubmitRow({
  className,
  pending,
  children,
}: {
  className: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </div>
  );
}
