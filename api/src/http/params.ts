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

/** One uuid path parameter and the message its absence answers, named once for a route module. */
export interface PathId {
  /** Middleware: refuses a malformed id (404) before the route reads its body. */
  readonly required: AnyStateMiddleware;
  /** The id (idParam), in the handler. */
  of<C>(ctx: AppContext<C>): string;
}

export function pathId(name: string, message = 'Not found'): PathId {
  const of = <C>(ctx: AppContext<C>) => idParam(ctx, name, message);
  return {
    required: async (ctx, next) => {
      of(ctx as AppContext);
      await next();
    },
    of,
  };
}

/** ?farmId= on an operator's route: which of their farms it is about (the first when absent). */
export const farmQuerySchema = v.object({
  farmId: v.optional(v.pipe(v.string('Invalid farm'), v.uuid('Invalid farm'))),
});
