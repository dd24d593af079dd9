import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { requestBodyStream, uploadRequest } from './requestBody.ts';

/** A node:http server on a free port that hands each request to `handle`. */
async function serve(handle: (req: IncomingMessage, res: http.ServerResponse) => void) {
  const server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe('the upload request body', () => {
  it('carries the body intact, in the Buffers Node read (no copies)', async () => {
    const body = randomBytes(3 * 1024 * 1024 + 17);
    let chunks: Uint8Array[] = [];
    const url = await serve(async (req, res) => {
      chunks = await readAll(uploadRequest({ req, res }).body as ReadableStream<Uint8Array>);
      res.end();
    });
    const response = await fetch(url, { method: 'PATCH', body });
    expect(response.status).toBe(200);
    expect(Buffer.concat(chunks).equals(body)).toBe(true);
    // Readable.toWeb would have handed plain Uint8Array copies.
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.every((chunk) => Buffer.isBuffer(chunk))).toBe(true);
  });

  it('has no body for GET and HEAD', async () => {
    const bodies: unknown[] = [];
    const url = await serve((req, res) => {
      bodies.push(uploadRequest({ req, res }).body);
      res.end();
    });
    await fetch(url, { method: 'GET' });
    await fetch(url, { method: 'HEAD' });
    expect(bodies).toEqual([null, null]);
  });

  it('stops reading the socket while nobody reads the body', async () => {
    let request: IncomingMessage | undefined;
    let stream: ReadableStream<Uint8Array> | undefined;
    const url = await serve((req) => {
      request = req;
      stream = requestBodyStream(req);
    });
    const body = randomBytes(32 * 1024 * 1024);
    const sending = fetch(url, { method: 'PUT', body }).catch(() => undefined);
    // Unread, the queue fills to the request's high-water mark and the request is paused.
    await expect.poll(() => request?.isPaused() === true && (request?.readableLength ?? 0) > 0).toBe(true);
    // The rest waits in the client and the kernel.
    expect(request?.socket.bytesRead).toBeLessThan(body.length / 2);
    const reader = stream?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    await reader?.cancel();
    expect(request?.destroyed).toBe(true);
    await sending;
  });

  it('fails the body when the client goes away before its end', async () => {
    let result: Promise<unknown> | undefined;
    const arrived = Promise.withResolvers<void>();
    const url = await serve((req) => {
      const stream = requestBodyStream(req);
      result = readAll(stream).then(
        () => 'ended',
        (error: Error) => error.message,
      );
      req.once('data', () => arrived.resolve());
    });
    const client = http.request(url, { method: 'PATCH', headers: { 'content-length': '1000000' } });
    client.on('error', () => {});
    client.write(randomBytes(1000));
    await arrived.promise;
    client.destroy();
    await expect.poll(() => result).toBeDefined();
    expect(await result).toMatch(/aborted|premature|reset/i);
  });
});
