// A select with its label above it, in a box the page places: the farm picker, the G-code dialog's
// printer, the prospects' status filter.
import { useId } from 'react';
import { Select, type SelectProps } from './select.tsx';

/** `className` is the box's; the select keeps its own. */
export function LabelledSelect({ label, className, ...select }: Omit<SelectProps, 'id'> & { label: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <Select id={id} {...select} />
    </div>
  );
}
