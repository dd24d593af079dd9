// Every route module of the API, registered in one place.
import type { ApiDeps, AppRouter } from '../http/context.ts';
import { registerHealthRoutes } from './health.ts';

export function registerRoutes(router: AppRouter, deps: ApiDeps): void {
  registerHealthRoutes(router, deps);
}
