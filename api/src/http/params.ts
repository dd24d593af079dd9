import { isUuid } from '@printfarm/domain/ids';
import * as v from 'valibot';
import type { AnyStateMiddleware, AppContext } from './context.ts';
import { notFound } from './errors.ts';

/** A uuid path parameter; anything that is not one names no record, so it answers 404 like a missing one. */
export function idParam<C>(ctx: AppContext<C>, name: string, message = 'Not found'): string {
  const value = ctx.params[name] ?? '';
  if (!isUuid(value)) throw notFound(message);
  return value;
}

/** idParam as middleware, for a route that refuses a malformed id before it reads the body. */
export function requireIdParam(name: string, message = 'Not found'): AnyStateMiddleware {
  return async (ctx, next) => {
    idParam(ctx as AppContext, name, message);
    await next();
  };
}

/** ?farmId= on an operator's route: which of their farms it is about (the first when absent). */
export const farmQuerySchema = v.object({
  farmId: v.optional(v.pipe(v.string('Invalid farm'), v.uuid('Invalid farm'))),
});
