// What the HTTP simulators share: a JSON answer, a JSON or multipart body read with the platform's
// own parser, and the routing of a request to a handler by method and path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(body));
}

function asWebRequest(request: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  // A streamed body needs `duplex`, which the DOM's RequestInit type does not list yet.
  const init: RequestInit & { duplex: 'half' } = {
    method: request.method ?? 'GET',
    headers,
    body: Readable.toWeb(request) as ReadableStream<Uint8Array>,
    duplex: 'half',
  };
  return new Request(`http://simulator${request.url ?? '/'}`, init);
}

export function readForm(request: IncomingMessage): Promise<FormData> {
  return asWebRequest(request).formData();
}

export async function readJsonBody(request: IncomingMessage): Promise<unknown> {
  return asWebRequest(request)
    .json()
    .catch(() => null);
}

/** The uploaded file of a multipart form, with its name and bytes. */
export async function formFile(
  form: FormData,
  field = 'file',
): Promise<{ name: string; bytes: Uint8Array } | null> {
  const file = form.get(field);
  if (!file || typeof file === 'string') return null;
  return { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) };
}
