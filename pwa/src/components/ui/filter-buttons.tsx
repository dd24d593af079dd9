import type { ReactNode } from 'react';
import { cx } from '../../lib/cx.ts';
import { Button } from './button.tsx';

export interface ToggleButtonsProps<T extends string | number> {
  /** What is being chosen, for screen readers ('Category'). */
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  /** How an option reads on its button: the option itself unless said otherwise. */
  label?: (option: T) => ReactNode;
}

/** A row of toggle buttons of which exactly one is pressed. */
export function ToggleButtons<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  className,
  label = String,
}: ToggleButtonsProps<T>) {
  return (
    <fieldset className={className}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={value === option ? 'default' : 'outline'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {label(option)}
        </Button>
      ))}
    </fieldset>
  );
}

export type FilterButtonsProps<T extends string> = Omit<ToggleButtonsProps<T>, 'label'>;

/** Toggle buttons that filter a list, such as categories. */
export function FilterButtons<T extends string>({ className, ...props }: FilterButtonsProps<T>) {
  return <ToggleButtons {...props} className={cx('filter-buttons', className)} />;
}
