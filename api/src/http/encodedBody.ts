// A body kept with its compressed copies (the map pages, the farm feeds), answered as the smallest copy
// the client takes.
import type { ParameterizedContext } from 'koa';

/** The body as it is, and compressed; a body too small to gain from brotli may have no brotli copy. */
export interface EncodedCopies {
  plain: Buffer;
  gzip: Buffer;
  brotli?: Buffer | undefined;
}

/** Sends brotli when the client takes it, else gzip, else the plain body. */
export function sendEncoded(ctx: ParameterizedContext, copies: EncodedCopies): void {
  // Browsers list gzip before br at the same weight; the smaller copy goes to any client that takes it.
  if (copies.brotli && ctx.acceptsEncodings('br') === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = copies.brotli;
  } else if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = copies.gzip;
  } else {
    ctx.body = copies.plain;
  }
}
