// A control with its label above it, in a box the page places: a select (LabelledSelect), the staff lists'
// search boxes.
import { type ComponentProps, type ReactNode, useId } from 'react';
import { Input } from './input.tsx';

/** `className` is the box's; `control` draws the control with the id the label names. */
export function LabelledControl({
  label,
  className,
  id,
  control,
}: {
  label: string;
  className?: string | undefined;
  /** The control's id when the page needs it (to scroll to it); one is made up otherwise. */
  id?: string | undefined;
  control: (id: string) => ReactNode;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="label">
        {label}
      </label>
      {control(controlId)}
    </div>
  );
}

/** A text (or search) input under its label; `className` is the box's. */
export function LabelledInput({
  label,
  className,
  id,
  ...input
}: ComponentProps<typeof Input> & { label: string }) {
  return (
    <LabelledControl
      label={label}
      className={className}
      id={id}
      control={(controlId) => <Input id={controlId} {...input} />}
    />
  );
}
