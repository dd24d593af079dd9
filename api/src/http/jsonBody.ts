// JSON request bodies: JSON_BODY_LIMIT for every route but the few whose schema allows more (a claim's
// photos), each of which gets a limit that fits what its schema accepts and no more.
import { bodyParser } from '@koa/bodyparser';
import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';

export interface LargerBody {
  /** The routes' paths (ctx.path). */
  path: RegExp;
  /** Bytes. */
  limit: number;
}

function jsonParser(limit: string | number): Middleware {
  return bodyParser({
    enableTypes: ['json'],
    jsonLimit: limit,
    onError: (error) => {
      const status = (error as { status?: number }).status;
      if (status === 413) throw new HttpError(413, 'Request body is too large');
      throw new HttpError(400, 'Request body is not valid JSON');
    },
  });
}

export function jsonBodyMiddleware(defaultLimit: string, larger: readonly LargerBody[]): Middleware {
  const standard = jsonParser(defaultLimit);
  const routes = larger.map(({ path, limit }) => ({ path, parse: jsonParser(limit) }));
  return (ctx, next) => (routes.find((route) => route.path.test(ctx.path))?.parse ?? standard)(ctx, next);
}
