// The API process's parts wired together and listening: one database pool, Redis, the queues, the
// outbox relay and the Koa app. main.ts runs it; tests and benchmarks start the same thing in-process.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createPrisma, type PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import { createMetrics, type Metrics, serveConfiguredMetrics } from '@printfarm/db/metrics';
import { type OutboxRelay, type QueueRegistry, startOutbox } from '@printfarm/db/outbox';
import { createApp } from './app.ts';
import type { ApiConfig } from './config.ts';
import { publicFarmPresenters } from './presenters/printFarm.ts';
import { createPublicFarmCache, type PublicFarmCache } from './services/publicFarmCache.ts';

export interface RunningApi {
  /** http://host:port it listens on (the real port when PORT is 0). */
  url: string;
  server: Server;
  prisma: PrismaClient;
  queues: QueueRegistry;
  /** Null when started without a relay (a benchmark that measures only the request path). */
  relay: OutboxRelay | null;
  metrics: Metrics;
  /** The public farm list and marker feed this process keeps in memory (a test that writes farms drops it). */
  publicFarms: PublicFarmCache;
  /** GET /metrics on its own port, when METRICS_PORT is set (a port already taken rejects the start). */
  metricsUrl: string | null;
  /**
   * Stops accepting, then stops the relay and closes queues, Redis and the pool. `graceful` first
   * reports not ready for SHUTDOWN_DRAIN_MS, then lets requests in flight finish (SIGTERM); otherwise
   * open connections are cut (tests).
   */
  close(options?: { graceful?: boolean }): Promise<void>;
}

/**
 * Node refuses a request it cannot parse (a head past 16 KB, broken HTTP) before the app sees it; it
 * still gets the API's JSON answer instead of a bare reset.
 */
function answerMalformedRequest(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error as { bytesParsed?: number }).bytesParsed === undefined) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const body = JSON.stringify({
    message: tooLarge ? 'The request line and headers are too large' : 'Bad request',
    fields: {},
  });
  socket.end(
    `HTTP/1.1 ${tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface StartApiOptions {
  relay?: boolean;
  /** Longest wait between relay retries while Redis is away. */
  relayMaxBackoffMs?: number;
}

export async function startApiServer(
  config: ApiConfig,
  log: Logger,
  options: StartApiOptions = {},
): Promise<RunningApi> {
  const metrics = createMetrics('api');
  // First, so that a metrics port already taken rejects before anything else is open.
  const metricsServer = await serveConfiguredMetrics(metrics, config);
  const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
  const outbox = startOutbox({
    config,
    prisma,
    log,
    metrics,
    relay: options.relay !== false,
    relayMaxBackoffMs: options.relayMaxBackoffMs,
  });
  const { redis, queues, relay } = outbox;
  const lifecycle = { draining: false };
  const publicFarms = createPublicFarmCache(prisma, publicFarmPresenters);
  const server = createApp({ config, prisma, redis, queues, log, metrics, lifecycle, publicFarms }).listen(
    config.PORT,
    config.HOST,
  );
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerMalformedRequest);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    server,
    prisma,
    queues,
    relay,
    metrics,
    publicFarms,
    metricsUrl: metricsServer?.url ?? null,
    async close({ graceful = false } = {}) {
      lifecycle.draining = true;
      if (graceful && config.SHUTDOWN_DRAIN_MS > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (graceful) server.closeIdleConnections();
      else server.closeAllConnections();
      await closed;
      await outbox.close();
      await metricsServer?.close();
      await prisma.$disconnect();
    },
  };
}
