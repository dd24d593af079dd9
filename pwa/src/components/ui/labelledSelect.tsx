// A select with its label above it, in a box the page places: the farm picker, the G-code dialog's
// printer, the prospects' status filter, the nodes' filters.
import { LabelledControl } from './labelledControl.tsx';
import { Select, type SelectProps } from './select.tsx';

/** `className` is the box's; the select keeps its own. */
export function LabelledSelect({ label, className, ...select }: Omit<SelectProps, 'id'> & { label: string }) {
  return (
    <LabelledControl label={label} className={className} control={(id) => <Select id={id} {...select} />} />
  );
}
