// One form hook: react-hook-form checked by the domain's valibot schema (the very object, and so the
// messages, the server checks with), plus the server's field messages put where the form shows them.
import { valibotResolver } from '@hookform/resolvers/valibot';
import type {
  FieldError,
  FieldErrors,
  FieldPath,
  FieldValues,
  RegisterOptions,
  Resolver,
  UseFormProps,
  UseFormRegisterReturn,
  UseFormReturn,
} from 'react-hook-form';
import { get, useForm } from 'react-hook-form';
import type * as v from 'valibot';
import { applyServerErrors, type ServerErrorOptions } from './serverErrors.ts';

type DomainSchema = v.GenericSchema<FieldValues, unknown>;

/**
 * What a form must hold for its schema: every field the schema's input has, of any type (a select holds
 * '' until chosen, a terms box false), so a field renamed in the domain fails to compile here.
 */
type Holds<TInput> = { [K in keyof TInput]: unknown };

type Options<TForm extends FieldValues, TSent> = Omit<
  UseFormProps<TForm, unknown, TSent>,
  'resolver' | 'defaultValues'
> & { defaultValues: TForm };

export type DomainForm<TForm extends FieldValues, TSent> = UseFormReturn<TForm, unknown, TSent> & {
  /** Puts the server's `{fields}` under the form's fields and, when asked, shows its sentence as a toast. */
  applyServerErrors: (error: unknown, options?: ServerErrorOptions<TForm>) => void;
  /**
   * A FormField's binding to the field `name`: its message and the control's registration, as
   * `<FormField label="City" {...form.field('city')}><Input /></FormField>`. Called while the form
   * renders, in the order the fields show, so a failed submit focuses the first one shown.
   */
  field: (name: FieldPath<TForm>, options?: FieldOptions<TForm>) => FieldBinding;
};

export interface FieldOptions<TForm extends FieldValues> {
  /** How the control's value is read (e.g. valueAsNumber), as react-hook-form's register takes it. */
  register?: RegisterOptions<TForm, FieldPath<TForm>>;
  /** The page's own words for the field's error (e.g. dollarsError); the error's message otherwise. */
  message?: (error: FieldError | undefined) => string | undefined;
}

export interface FieldBinding {
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

/** The submit handler gets the schema's output (trimmed, converted): the usual case. */
export function useDomainForm<TSchema extends DomainSchema, TForm extends Holds<v.InferInput<TSchema>>>(
  schema: TSchema,
  options: Options<TForm, v.InferOutput<TSchema>> & { send?: 'parsed' },
): DomainForm<TForm, v.InferOutput<TSchema>>;
/** The submit handler gets the values as typed; the server parses them (e.g. keeps 'YYYY-MM-DD' as is). */
export function useDomainForm<TSchema extends DomainSchema, TForm extends Holds<v.InferInput<TSchema>>>(
  schema: TSchema,
  options: Options<TForm, TForm> & { send: 'typed' },
): DomainForm<TForm, TForm>;
/**
 * The schema checks what `send` makes of the values (e.g. without empty optional fields), and the submit
 * handler gets exactly that; the server parses it again.
 */
export function useDomainForm<
  TSchema extends DomainSchema,
  TForm extends FieldValues,
  TSent extends Holds<v.InferInput<TSchema>>,
>(
  schema: TSchema,
  options: Options<TForm, TSent> & { send: (values: TForm) => TSent },
): DomainForm<TForm, TSent>;
export function useDomainForm(
  schema: DomainSchema,
  { send = 'parsed', ...options }: Options<FieldValues, unknown> & { send?: Send },
): DomainForm<FieldValues, unknown> {
  const form = useForm<FieldValues, unknown, unknown>({ ...options, resolver: domainResolver(schema, send) });
  return {
    ...form,
    applyServerErrors: (error, serverErrorOptions) => applyServerErrors(error, form, serverErrorOptions),
    field: (name, { register, message = (error: FieldError | undefined) => error?.message } = {}) => ({
      error: message(get(form.formState.errors, name)),
      registration: form.register(name, register),
    }),
  };
}

type Send = 'parsed' | 'typed' | ((values: FieldValues) => unknown);

/**
 * valibot's resolver, told what to check and what to hand on. A check on the whole object (no field)
 * lands on errors.root, where a form can show it.
 */
function domainResolver(schema: DomainSchema, send: Send): Resolver<FieldValues, unknown, unknown> {
  const parse = valibotResolver(schema);
  const check = valibotResolver(schema, undefined, { raw: true });
  return async (values, context, options) => {
    const sent = typeof send === 'function' ? send(values) : values;
    const result = await (send === 'parsed' ? parse : check)(sent as FieldValues, context, options);
    const { '': whole, ...fields }: FieldErrors = result.errors;
    if (!whole) return Object.keys(fields).length > 0 ? { values: {}, errors: fields } : result;
    const message = typeof whole.message === 'string' ? whole.message : '';
    // react-hook-form's type for root clashes with its index of field errors; root is one error here.
    return { values: {}, errors: { ...fields, root: { type: 'validation', message } } as FieldErrors };
  };
}
