// The request screen's forms share one rule for the server's answer to invalid input: each field
// message goes under its field; the mutation hook has already shown the sentence as a toast.
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from '../../api/request.ts';

/** Puts the server's field messages under the named fields; returns the ones no field here shows. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): Record<string, string> {
  const rest: Record<string, string> = {};
  let focused = false;
  for (const [name, message] of Object.entries(fieldErrors(error))) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      rest[name] = message;
    }
  }
  return rest;
}
