import type { AnyStateMiddleware, AppContext } from './context.ts';

/**
 * For a route whose answer is someone's own or changes from one moment to the next: no cache keeps it.
 * Listed after the guards and validation, so it marks what the handler answers, its errors included.
 */
export const noStore: AnyStateMiddleware = async (ctx, next) => {
  (ctx as AppContext).set('Cache-Control', 'no-store');
  await next();
};
