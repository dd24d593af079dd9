import { isUuid } from '@printfarm/domain/ids';
import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';

/** A uuid path parameter; anything that is not one names no record, so it answers 404 like a missing one. */
export function idParam<C>(ctx: AppContext<C>, name: string, message = 'Not found'): string {
  const value = ctx.params[name] ?? '';
  if (!isUuid(value)) throw notFound(message);
  return value;
}
