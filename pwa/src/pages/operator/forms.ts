// The operator forms validate with the domain's own schemas (the messages the server would give) and
// send what the operator typed: the server parses it again, so transforms (cents, dates) stay there.
import { valibotResolver } from '@hookform/resolvers/valibot';
import type { FieldErrors, FieldPath, FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import type * as v from 'valibot';
import { fieldErrors } from '../../api/request.ts';

/**
 * A resolver for `schema` that validates `prepare(values)` (what will be sent, e.g. without empty
 * optional fields) and hands exactly that to the submit handler. A check on the whole object (no field)
 * lands on errors.root.
 */
export function domainResolver<TForm extends FieldValues, TSent extends FieldValues = TForm>(
  schema: v.GenericSchema,
  prepare: (values: TForm) => TSent = (values) => values as unknown as TSent,
): Resolver<TForm, unknown, TSent> {
  const validate = valibotResolver(schema as v.GenericSchema<TSent>, undefined, { raw: true });
  return async (values, context, options) => {
    const sent = prepare(values);
    const result = await validate(sent, context, options as unknown as Parameters<typeof validate>[2]);
    const { '': whole, ...fields } = result.errors as FieldErrors & { ''?: { message?: string } };
    if (!whole) return result as unknown as Awaited<ReturnType<Resolver<TForm, unknown, TSent>>>;
    return {
      values: {},
      errors: { ...fields, root: { type: 'validation', message: whole.message ?? '' } },
    } as Awaited<ReturnType<Resolver<TForm, unknown, TSent>>>;
  };
}

/**
 * Puts the server's `{fields}` messages under the form's fields (the mutation hook has already shown
 * its sentence as a toast). `fieldFor` maps a server path to the form's, or null for one it does not show.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldFor: (path: string) => FieldPath<T> | null,
): void {
  let focused = false;
  for (const [path, message] of Object.entries(fieldErrors(error))) {
    const field = fieldFor(path);
    if (!field) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
}

/** A fieldFor that accepts exactly the listed fields. */
export function onlyFields<const F extends string>(fields: readonly F[]) {
  return (path: string): F | null => (fields.includes(path as F) ? (path as F) : null);
}
