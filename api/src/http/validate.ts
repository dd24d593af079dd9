// The one place request input is parsed: valibot schemas from domain/, issues turned into {message, fields}.
// Each middleware carries the schemas it checks (inputSchemasOf), so a test can find every route's input
// in the router's layers (tests/fuzz generates its malformed requests from them).
import { formatIssues } from '@printfarm/domain/validation';
import * as v from 'valibot';
import type { AppContext, AppMiddleware } from './context.ts';
import { HttpError } from './errors.ts';

export type Source = 'body' | 'query' | 'params';

/** The body's schema picked by a path parameter's value (PUT /api/admin/settings/:key). */
export interface ChosenBy<M extends Record<string, v.GenericSchema>> {
  param: string;
  schemas: M;
}

type Checked = v.GenericSchema | ChosenBy<Record<string, v.GenericSchema>>;
/** null: a source the route takes nothing from (a command without a body). */
type Inputs = Partial<Record<Source, Checked | null>>;

/** Where each source's parsed input lands: ctx.state.input (the body), ctx.state.query, ctx.state.params. */
type StateKey<S> = S extends 'body' ? 'input' : S;
type OutputOf<C> = C extends v.GenericSchema
  ? v.InferOutput<C>
  : C extends ChosenBy<infer M>
    ? v.InferOutput<M[keyof M]>
    : never;
type ParsedState<I extends Inputs> = { [K in keyof I as StateKey<K>]: OutputOf<I[K]> };

/** One input a validating middleware checks, as tests read it from the router. */
export interface InputSchema {
  source: Source;
  checked: Checked;
}

const INPUT_SCHEMAS = Symbol('input schemas');

/** The inputs a middleware from validate() or validateInputs() checks, in order; [] for any other. */
export function inputSchemasOf(middleware: unknown): readonly InputSchema[] {
  if (typeof middleware !== 'function') return [];
  return (middleware as { [INPUT_SCHEMAS]?: InputSchema[] })[INPUT_SCHEMAS] ?? [];
}

export function chosenBy<const M extends Record<string, v.GenericSchema>>(
  param: string,
  schemas: M,
): ChosenBy<M> {
  return { param, schemas };
}

function rawInput<C>(ctx: AppContext<C>, source: Source): unknown {
  if (source === 'query') return ctx.query;
  if (source === 'params') return ctx.params;
  return (ctx.request as { body?: unknown }).body ?? {};
}

function schemaFor<C>(ctx: AppContext<C>, checked: Checked): v.GenericSchema {
  if (!('param' in checked)) return checked;
  const name = ctx.params[checked.param] ?? '';
  // Own keys only: 'constructor' or 'toString' in the address must not pick up Object's methods.
  const schema = Object.hasOwn(checked.schemas, name) ? checked.schemas[name] : undefined;
  if (!schema) throw new HttpError(404, 'Not found');
  return schema;
}

/** Parses input against a schema, or throws a 400 naming each bad field. */
function parseInput<S extends v.GenericSchema, C = unknown>(
  ctx: AppContext<C>,
  schema: S,
  source: Source = 'body',
): v.InferOutput<S> {
  const input = rawInput(ctx, source);
  // valibot reads a list as an object, so a schema whose fields are all optional would take `[]`.
  if (source === 'body' && Array.isArray(input))
    throw new HttpError(400, 'Request body must be a JSON object');
  const result = v.safeParse(schema, input);
  if (result.success) return result.output as v.InferOutput<S>;
  const { message, fields } = formatIssues(result.issues);
  throw new HttpError(400, message, fields);
}

/**
 * Parses several inputs of one request, in the order given (e.g. `{ params, body }`), each into its
 * place on ctx.state; the first that fails answers 400. A source given null is not read.
 */
export function validateInputs<const I extends Inputs>(inputs: I): AppMiddleware<ParsedState<I>> {
  const checks = (Object.entries(inputs) as [Source, Checked | null][]).flatMap(([source, checked]) =>
    checked ? [{ source, checked }] : [],
  );
  const middleware: AppMiddleware = async (ctx, next) => {
    const state = ctx.state as unknown as Record<string, unknown>;
    for (const { source, checked } of checks) {
      state[source === 'body' ? 'input' : source] = parseInput(ctx, schemaFor(ctx, checked), source);
    }
    await next();
  };
  Object.defineProperty(middleware, INPUT_SCHEMAS, { value: checks });
  return middleware as unknown as AppMiddleware<ParsedState<I>>;
}

/** Parses the body (or the query string, or the path parameters) into ctx.state, typed by the schema. */
export function validate<S extends v.GenericSchema, Src extends Source = 'body'>(
  schema: S,
  source: Src = 'body' as Src,
): AppMiddleware<{ [K in StateKey<Src>]: v.InferOutput<S> }> {
  return validateInputs({ [source]: schema } as Partial<Record<Src, S>>) as unknown as AppMiddleware<{
    [K in StateKey<Src>]: v.InferOutput<S>;
  }>;
}
