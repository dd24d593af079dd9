// The server's answer to invalid input, `{message, fields}`, shown the one way every form shows it: each
// field message under its field, and the sentence as a toast unless the mutation hook already shows one.
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { toast } from '../ui/toast.tsx';

export interface ServerErrorOptions<TForm extends FieldValues> {
  /**
   * The form's field for a server path, or null for one it does not show. Without it, every path under
   * a field the form holds keeps its name ('shippingAddress.city'); others (e.g. 'items.0') are left out.
   */
  fields?: (path: string) => FieldPath<TForm> | null;
  /** Move the focus to the first field given a message. */
  focus?: boolean;
  /** The failure toast: its title, and its text (by default the server's own sentence). */
  toast?: { title: string; description?: string | ((error: unknown) => string) };
}

type Form<TForm extends FieldValues> = Pick<UseFormReturn<TForm, unknown, unknown>, 'setError' | 'getValues'>;

export function applyServerErrors<TForm extends FieldValues>(
  error: unknown,
  form: Form<TForm>,
  { fields, focus = false, toast: failure }: ServerErrorOptions<TForm> = {},
): void {
  const held = form.getValues();
  const fieldFor =
    fields ?? ((path: string) => ((path.split('.')[0] ?? '') in held ? (path as FieldPath<TForm>) : null));
  let focused = !focus;
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const field = fieldFor(path);
    if (!field) continue;
    form.setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (!failure) return;
  const { title, description = errorMessage } = failure;
  toast({
    title,
    description: typeof description === 'function' ? description(error) : description,
    variant: 'destructive',
  });
}
