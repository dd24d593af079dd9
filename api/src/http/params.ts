import type { AppContext } from './context.ts';
import { notFound } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A uuid path parameter; anything that is not one names no record, so it answers 404 like a missing one. */
export function idParam<C>(ctx: AppContext<C>, name: string, message = 'Not found'): string {
  const value = ctx.params[name] ?? '';
  if (!UUID.test(value)) throw notFound(message);
  return value;
}
