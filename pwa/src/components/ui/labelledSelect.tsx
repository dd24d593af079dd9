// A select with its label above it, in a box the page places: the farm picker, the G-code dialog's
// printer, the prospects' status filter, the nodes' filters.
import { type ReactElement, useState } from 'react';
import { LabelledControl } from './labelledControl.tsx';
import { Select, type SelectOption, type SelectProps } from './select.tsx';

type LabelledSelectProps = Omit<SelectProps, 'id'> & { label: string };

/** `className` is the box's; the select keeps its own. */
export function LabelledSelect({ label, className, ...select }: LabelledSelectProps) {
  return (
    <LabelledControl label={label} className={className} control={(id) => <Select id={id} {...select} />} />
  );
}

/** A select of fixed options and the option chosen in it, `initial` until another is: [chosen, the select]. */
export function useLabelledSelect<T extends string>({
  initial,
  options,
  ...select
}: Omit<LabelledSelectProps, 'value' | 'onChange' | 'options'> & {
  initial: T;
  options: readonly (SelectOption & { value: T })[];
}): [T, ReactElement] {
  const [value, setValue] = useState(initial);
  const onChange = (chosen: string) => {
    const option = options.find((each) => each.value === chosen);
    if (option) setValue(option.value);
  };
  const labelled = (
    <LabelledSelect
      {...select}
      options={options}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
  return [value, labelled];
}
