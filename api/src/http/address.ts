// Every path and query string is decoded and checked once, before any route sees it: control
// characters (NUL above all, which PostgreSQL refuses) and broken escapes or Unicode are a 400.
import { hasControlCharacters, isWellFormedText } from '@printfarm/domain/fields';
import type { Context, Next } from 'koa';
import { badRequest } from './errors.ts';

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
