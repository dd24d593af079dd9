// A form's fields written as a table and drawn in order, each a FormField bound by the form: the store
// dialogs' and the staff settings' fields. A row (an array) stands side by side in a `form-grid`.
import type { ReactElement } from 'react';
import { type FieldControlProps, FormField, type FormFieldProps } from './form-field.tsx';
import { Input } from './input.tsx';

export interface FieldSpec<TName extends string, TOptions = never> {
  name: TName;
  label: string;
  required?: boolean;
  hint?: string;
  /** The control, which receives the binding; a plain text input when none. */
  control?: ReactElement<Partial<FieldControlProps>>;
  /** Handed to `bind` with the name (e.g. a domain form's `{ register: { valueAsNumber: true } }`). */
  options?: TOptions;
}

export type FieldRows<TName extends string, TOptions = never> = readonly (
  | FieldSpec<TName, TOptions>
  | readonly FieldSpec<TName, TOptions>[]
)[];

/** `bind` is a domain form's `field`: the field's error and the control's registration. */
export function FieldList<TName extends string, TOptions = never>({
  fields,
  bind,
}: {
  fields: FieldRows<TName, TOptions>;
  bind: (name: TName, options?: TOptions) => Pick<FormFieldProps, 'error' | 'registration'>;
}) {
  const draw = ({ name, options, control = <Input />, ...field }: FieldSpec<TName, TOptions>) => (
    <FormField key={name} {...field} {...bind(name, options)}>
      {control}
    </FormField>
  );
  return fields.map((row) =>
    'name' in row ? (
      draw(row)
    ) : (
      <div key={row[0]?.name} className="form-grid">
        {row.map(draw)}
      </div>
    ),
  );
}
