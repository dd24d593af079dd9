import * as v from 'valibot';

/** The body of every 400 answer, and what a form shows: one message and one message per field. */
export type ValidationErrorBody = { message: string; fields: Record<string, string> };

export type ValidationResult<T> =
  | { success: true; output: T }
  | { success: false; error: ValidationErrorBody };

/** Keys are dotted paths ('shippingAddress.street', 'printerInventory.0.count'); the first issue per path wins. */
export function formatIssues(issues: readonly v.BaseIssue<unknown>[]): ValidationErrorBody {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue);
    if (path !== null && !Object.hasOwn(fields, path)) fields[path] = issue.message;
  }
  return { message: issues[0]?.message ?? 'Validation failed', fields };
}

export function validate<const TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, input);
  return result.success
    ? { success: true, output: result.output }
    : { success: false, error: formatIssues(result.issues) };
}
