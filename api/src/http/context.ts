// The types of a request as the API's middleware and handlers see it. The process's services that
// route modules receive are in deps.ts.
import type Router from '@koa/router';
import type { Logger } from '@printfarm/db/logger';
import type { SessionUser } from '@printfarm/domain/auth';
import type { DefaultContext, ParameterizedContext } from 'koa';

export interface AppState {
  log: Logger;
  requestId: string;
  /** The signed-in user, set by the session middleware; absent for anonymous requests. */
  user?: SessionUser;
}

/**
 * A route's context as handlers and helpers take it: Koa's, with the path parameters. It leaves out
 * ctx.router, whose type would pin the state to exactly AppState & S, so a handler whose state
 * validate() extended can still hand its ctx to any helper that takes AppContext.
 */
export type AppContext<S = unknown> = ParameterizedContext<
  AppState & S,
  DefaultContext & { params: Record<string, string> }
>;
/**
 * Middleware that adds S to the state (validate(), a store lookup). A route with two of them names its
 * whole state: `router.patch<{ store: Store; input: Changes }>(path, findStore, validate(schema), ...)`.
 */
export type AppMiddleware<S = unknown> = (ctx: AppContext<S>, next: () => Promise<unknown>) => Promise<void>;
export type AppRouter = Router<AppState>;

/**
 * Middleware that needs only what every request has (guards, rate limits). Its context is typed as a
 * plain object, so it fits any route's list next to validate() (`requireStaff, validate(schema),
 * handler`) without pinning the route's state; the handler still sees what validate() adds.
 */
export type AnyStateMiddleware = (ctx: object, next: () => Promise<unknown>) => Promise<void>;
