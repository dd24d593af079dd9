// The one place request input is parsed: valibot schemas from domain/, issues turned into {message, fields}.
import { formatIssues } from '@printfarm/domain/validation';
import * as v from 'valibot';
import type { AppContext, AppMiddleware } from './context.ts';
import { HttpError } from './errors.ts';

type Source = 'body' | 'query' | 'params';

function rawInput<C>(ctx: AppContext<C>, source: Source): unknown {
  if (source === 'query') return ctx.query;
  if (source === 'params') return ctx.params;
  return (ctx.request as { body?: unknown }).body ?? {};
}

/** Parses input against a schema, or throws a 400 naming each bad field. */
export function parseInput<S extends v.GenericSchema, C = unknown>(
  ctx: AppContext<C>,
  schema: S,
  source: Source = 'body',
) {
  const result = v.safeParse(schema, rawInput(ctx, source));
  if (result.success) return result.output as v.InferOutput<S>;
  const { message, fields } = formatIssues(result.issues);
  throw new HttpError(400, message, fields);
}

/** Middleware form: the parsed body lands on ctx.state.input, typed by the schema. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  source: Source = 'body',
): AppMiddleware<{ input: v.InferOutput<S> }> {
  return async (ctx, next) => {
    ctx.state.input = parseInput(ctx, schema, source);
    await next();
  };
}
