import type { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { PrinterRefusedError } from './errors.ts';
import { gcodeForm, printerHttp } from './http.ts';

const servers: Server[] = [];

/** A local HTTP server answering with `handle`; resolves to its port. */
async function serve(
  handle: (request: IncomingMessage, body: Buffer) => [number, Record<string, string>, string],
) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const [status, headers, body] = handle(request, Buffer.concat(chunks));
      response.writeHead(status, headers).end(body);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A resolver whose records say every name is `address` (a stand-in for a DNS zone we cannot edit). */
function resolvingTo(address: string, seen: string[] = []): typeof dnsLookup {
  return ((hostname: string, _options: unknown, callback: (e: null, all: LookupAddress[]) => void) => {
    seen.push(hostname);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 }]);
  }) as unknown as typeof dnsLookup;
}

describe('printerHttp', () => {
  // An address saved before the form refused it, or written straight into the database: the workers
  // check again, whatever the stored connector says, and send nothing.
  it.each(['http://169.254.169.254', 'http://[fe80::1]:80', 'http://[::ffff:a9fe:a9fe]'])(
    "refuses a cloud metadata service's address before any request: %s",
    async (baseUrl) => {
      const call = printerHttp('OctoPrint', baseUrl, {}, { timeoutMs: 200 }).call('/api/version', {
        method: 'GET',
      });
      await expect(call).rejects.toBeInstanceOf(PrinterRefusedError);
      await expect(call).rejects.toThrow(/not a printer's address/);
    },
  );

  it('refuses a name that resolves to a metadata address in the lookup the connection itself uses', async () => {
    const seen: string[] = [];
    const call = printerHttp(
      'OctoPrint',
      'http://octopi.farm.test:80',
      {},
      {
        timeoutMs: 2_000,
        resolve: resolvingTo('169.254.169.254', seen),
      },
    ).call('/api/version', { method: 'GET' });
    await expect(call).rejects.toBeInstanceOf(PrinterRefusedError);
    await expect(call).rejects.toThrow(/octopi\.farm\.test:80 is not a printer's address/);
    // Resolved once, by the connection itself: nothing is looked up apart from what is connected to.
    expect(seen).toEqual(['octopi.farm.test']);
  });

  it('connects to the address the lookup checked, looking the name up once', async () => {
    const port = await serve(() => [200, { 'content-type': 'application/json' }, '{"api":"0.1"}']);
    const seen: string[] = [];
    const http = printerHttp(
      'OctoPrint',
      `http://octopi.farm.test:${port}`,
      {},
      {
        resolve: resolvingTo('127.0.0.1', seen),
      },
    );
    const response = await http.call('/api/version', { method: 'GET' });
    expect(await response.json()).toEqual({ api: '0.1' });
    expect(response.url).toBe(`http://octopi.farm.test:${port}/api/version`);
    expect(seen).toEqual(['octopi.farm.test']);
  });

  it('does not follow a redirect, which could lead to the metadata service past the check', async () => {
    let reachedTarget = 0;
    const target = await serve(() => {
      reachedTarget++;
      return [200, {}, '{}'];
    });
    const printer = await serve(() => [
      302,
      { location: `http://127.0.0.1:${target}/latest/meta-data/` },
      '',
    ]);
    const call = printerHttp('OctoPrint', `http://127.0.0.1:${printer}`, {}).call('/api/version', {
      method: 'GET',
    });
    await expect(call).rejects.toThrow(
      `OctoPrint at http://127.0.0.1:${printer} answered GET /api/version with a redirect (302 to http://127.0.0.1:${target}/latest/meta-data/), which is not followed`,
    );
    expect(reachedTarget).toBe(0);
  });

  it('sends a G-code form as multipart with its boundary, and the API key', async () => {
    let received: { type?: string; key?: string; body: string } = { body: '' };
    const port = await serve((request, body) => {
      received = {
        type: request.headers['content-type'],
        key: request.headers['x-api-key'] as string,
        body: body.toString('latin1'),
      };
      return [201, { 'content-type': 'application/json' }, '{"done":true}'];
    });
    const form = gcodeForm('part.gcode', new TextEncoder().encode('G28\nG1 X10\n'), { print: 'true' });
    const http = printerHttp('OctoPrint', `http://127.0.0.1:${port}/`, { 'X-Api-Key': 'k-123' });
    const response = await http.call('/api/files/local', { method: 'POST', body: form });
    expect(response.status).toBe(201);
    const boundary = /^multipart\/form-data; boundary=(.+)$/.exec(received.type ?? '')?.[1];
    expect(boundary).toBeTruthy();
    expect(received.key).toBe('k-123');
    expect(received.body).toContain('filename="part.gcode"');
    expect(received.body).toContain('G28\nG1 X10\n');
    expect(received.body).toContain('name="print"\r\n\r\ntrue');
    expect(received.body.trimEnd().endsWith(`--${boundary}--`)).toBe(true);
  });

  it('reaches a printer whose name resolves to the farm network as before', async () => {
    // Nothing listens on this port: the call gets as far as the network and reads unreachable.
    const call = printerHttp('OctoPrint', 'http://localhost:9', {}, { timeoutMs: 2_000 }).call(
      '/api/version',
      { method: 'GET' },
    );
    await expect(call).rejects.toThrow(/OctoPrint at http:\/\/localhost:9: /);
    await expect(call).rejects.not.toBeInstanceOf(PrinterRefusedError);
  });

  it('gives up on a printer that does not answer within the timeout, as unreachable', async () => {
    const server = createServer(() => {}); // accepts and never answers
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    const started = performance.now();
    const call = printerHttp('Moonraker', `http://127.0.0.1:${port}`, {}, { timeoutMs: 300 }).call(
      '/printer/info',
      { method: 'GET' },
    );
    await expect(call).rejects.toThrow(/Moonraker at http:\/\/127\.0\.0\.1:\d+: /);
    expect(performance.now() - started).toBeLessThan(3_000);
    server.closeAllConnections();
  });
});
