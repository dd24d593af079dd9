import { cx } from '../../lib/cx.ts';
import { Button } from './button.tsx';

export interface FilterButtonsProps<T extends string> {
  /** What is being chosen, for screen readers ('Category'). */
  legend: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}

/** A row of toggle buttons of which exactly one is pressed, such as category filters. */
export function FilterButtons<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: FilterButtonsProps<T>) {
  return (
    <fieldset className={cx('filter-buttons', className)}>
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <Button
          key={option}
          size="sm"
          variant={value === option ? 'default' : 'outline'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {option}
        </Button>
      ))}
    </fieldset>
  );
}
