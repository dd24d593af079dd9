// Only the methods the API and the app use are answered: TRACE, PROPFIND and the like are a 405 (the
// router would say 501, as if a server fault). Every path and query string is decoded and checked once, before any route sees it: control
// characters (NUL above all, which PostgreSQL refuses) and broken escapes or Unicode are a 400.
import { hasControlCharacters, isWellFormedText } from '@printfarm/domain/fields';
import type { Context, Next } from 'koa';
import { badRequest, HttpError } from './errors.ts';

export async function addressMiddleware(ctx: Context, next: Next): Promise<void> {
  let decoded: string;
  try {
    decoded = `${decodeURIComponent(ctx.path)}?${decodeURIComponent(ctx.querystring.replaceAll('+', ' '))}`;
  } catch {
    throw badRequest('The address is not valid: it has a broken %-escape');
  }
  if (hasControlCharacters(decoded) || !isWellFormedText(decoded)) {
    throw badRequest('The address contains characters that are not allowed');
  }
  await next();
}

const KNOWN_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

export async function knownMethodsMiddleware(ctx: Context, next: Next): Promise<void> {
  if (!KNOWN_METHODS.includes(ctx.method)) {
    throw new HttpError(
      405,
      `The method ${ctx.method} is not allowed`,
      {},
      { Allow: KNOWN_METHODS.join(', ') },
    );
  }
  await next();
}
