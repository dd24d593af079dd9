// A TCP proxy in front of MailDev that can stall an SMTP conversation at a chosen point, so a test can
// kill a worker while it waits: before the server's greeting (nothing handed over yet), or after the
// message's final '.' (the server has it, the worker has not heard back).
import net from 'node:net';

export type StallPoint = 'none' | 'beforeGreeting' | 'afterData';

export interface SmtpProxy {
  port: number;
  /** Where the next connections stall. */
  stall(point: StallPoint): void;
  /** Resolves once a connection is stalled at the chosen point. */
  stalled(): Promise<void>;
  close(): Promise<void>;
}

const END_OF_DATA = Buffer.from('\r\n.\r\n');

export async function startSmtpProxy(targetPort: number): Promise<SmtpProxy> {
  let point: StallPoint = 'none';
  let onStalled: (() => void) | undefined;
  let stalledOnce = new Promise<void>((resolve) => {
    onStalled = resolve;
  });
  const sockets = new Set<net.Socket>();

  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    const mode = point;
    if (mode === 'beforeGreeting') {
      onStalled?.();
      return; // never connect upstream: the worker waits for a greeting that does not come
    }
    const upstream = net.connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => {
      sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    let tail = Buffer.alloc(0);
    let holding = false;
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      if (mode !== 'afterData') return;
      tail = Buffer.concat([tail, chunk]).subarray(-64);
      if (!holding && tail.includes(END_OF_DATA)) {
        holding = true;
        onStalled?.();
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!holding) client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;

  return {
    port,
    stall(next) {
      point = next;
      stalledOnce = new Promise<void>((resolve) => {
        onStalled = resolve;
      });
    },
    stalled: () => stalledOnce,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
