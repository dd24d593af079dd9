import type Router from '@koa/router';
import type { RouterContext, RouterMiddleware } from '@koa/router';
import type { PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import type { QueueRegistry } from '@printfarm/db/queues';
import type { Redis } from 'ioredis';
import type { SessionUser } from '../auth/guards.ts';
import type { ApiConfig } from '../config.ts';

export interface AppState {
  log: Logger;
  requestId: string;
  /** The signed-in user, set by the session middleware; absent for anonymous requests. */
  user?: SessionUser;
}

export type AppContext<S = unknown> = RouterContext<AppState & S>;
export type AppMiddleware<S = unknown> = RouterMiddleware<AppState & S>;
export type AppRouter = Router<AppState>;

/** What every route module receives: the process's long-lived services. */
export interface ApiDeps {
  config: ApiConfig;
  prisma: PrismaClient;
  redis: Redis;
  queues: QueueRegistry;
  log: Logger;
}
