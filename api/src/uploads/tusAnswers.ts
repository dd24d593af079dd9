// What the tus hooks share: who sent each request (the middleware sets it, the hooks read it), and
// refusals written as every other answer of the API, JSON {message, fields}.
import type { IncomingMessage } from 'node:http';
import type { SessionUser } from '../auth/guards.ts';

/** Who sent each request the tus server is handling; set by the middleware, read by the hooks. */
export const requestUsers = new WeakMap<IncomingMessage, SessionUser>();

export interface TusRejection {
  status_code: number;
  body: string;
}

export const reject = (status_code: number, message: string): TusRejection => ({
  status_code,
  body: JSON.stringify({ message, fields: {} }),
});

/**
 * A refusal as every other answer of the API: JSON {message, fields}. @tus/server checks some headers
 * itself and answers in plain text ('Invalid upload-length', 'Tus-Resumable Required').
 */
export async function asJsonError(answer: Response): Promise<Response> {
  const text = await answer.text();
  let body = text;
  try {
    if (typeof (JSON.parse(text) as { message?: unknown }).message !== 'string')
      throw new Error('no message');
  } catch {
    body = JSON.stringify({ message: text.trim() || 'Upload failed', fields: {} });
  }
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: answer.status, headers });
}

/** The Node request behind the web Request @tus/server hands its hooks. */
function nodeRequestOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

export function userOfTusRequest(req: unknown): SessionUser {
  const node = nodeRequestOf(req);
  const user = node ? requestUsers.get(node) : undefined;
  if (!user) throw reject(401, 'Authentication required');
  return user;
}
