// A row of mutually exclusive choices drawn as one segmented control: native radio buttons, so the
// keyboard, screen readers and tests treat it as the radio group it is.
import { useId } from 'react';
import { FieldMessage } from '../../components/ui/form-field.tsx';
import { cx } from '../../lib/cx.ts';

export interface SegmentedOption<T extends string | number> {
  value: T;
  label: string;
  /** A second, smaller line under the label ('0.12 mm'). */
  detail?: string;
  hint?: string;
}

export interface SegmentedProps<T extends string | number> {
  legend: string;
  options: readonly SegmentedOption<T>[];
  value: T | null;
  onChange: (value: T) => void;
  disabled?: boolean;
  error?: string | undefined;
  className?: string;
}

export function Segmented<T extends string | number>({
  legend,
  options,
  value,
  onChange,
  disabled = false,
  error,
  className,
}: SegmentedProps<T>) {
  const name = useId();
  return (
    <fieldset
      className={cx('segmented', className)}
      disabled={disabled}
      aria-invalid={error ? true : undefined}
    >
      <legend className="label">{legend}</legend>
      <div className="segmented__options">
        {options.map((option) => (
          <label key={String(option.value)} className="segmented__option" title={option.hint}>
            <input
              type="radio"
              name={name}
              value={String(option.value)}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
            />
            <span>
              {option.label}
              {option.detail && <small className="segmented__detail">{option.detail}</small>}
            </span>
          </label>
        ))}
      </div>
      <FieldMessage error={error} />
    </fieldset>
  );
}
