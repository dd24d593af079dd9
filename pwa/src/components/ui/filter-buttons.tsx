import { type ReactElement, type ReactNode, useState } from 'react';
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

/**
 * A list's filter: the chosen option, the first until another is pressed, and its row of buttons to show
 * where the page wants them.
 */
export function useFilterButtons<T extends string>(
  bar: Omit<FilterButtonsProps<T>, 'value' | 'onChange' | 'options'> & { options: readonly [T, ...T[]] },
): [T, ReactElement] {
  const [value, setValue] = useState<T>(bar.options[0]);
  const buttons = <FilterButtons {...bar} value={value} onChange={setValue} />;
  return [value, buttons];
}
