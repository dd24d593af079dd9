// What every HTTP benchmark under ops/bench shares: the real API in this process on a fresh database of
// its own (dropped afterwards), a load generator (autocannon) in a process of its own, and one way to
// report.

import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ApiConfig, loadApiConfig } from '../../api/src/config.ts';
import { startApiServer } from '../../api/src/server.ts';
import type { PublicFarmCache } from '../../api/src/services/publicFarmCache.ts';
import type { PrismaClient } from '../../db/src/index.ts';
import { createLogger } from '../../db/src/logger.ts';
import type { LoadClientResult, LoadJob } from './loadClient.ts';
import { step } from './log.ts';
import { generatePrismaClient, migrate } from './prepare.ts';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisPrefix,
  dropDatabase,
  ensureDatabase,
} from './services.ts';

export interface BenchApi {
  url: string;
  prisma: PrismaClient;
  config: ApiConfig;
  /** The API's in-memory public farm list and marker feed. */
  publicFarms: PublicFarmCache;
  /** A suffix unique to this run, for names that must not collide. */
  suffix: string;
}

export interface BenchApiOptions {
  /** Publish outbox events as production does (checkout writes e-mail events). */
  relay?: boolean;
  env?: Record<string, string>;
}

/** Runs `bench` against the real API on a fresh, migrated database; cleans everything up afterwards. */
export async function withBenchApi(
  name: string,
  bench: (api: BenchApi) => Promise<void>,
  options: BenchApiOptions = {},
): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const database = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  database.pathname = `/bench_${name.replaceAll('-', '_')}_${suffix}`;
  const databaseUrl = database.toString();
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const queuePrefix = `bench-${name}-${suffix}`;

  if (process.env.NODE_ENV !== 'production') {
    console.warn(
      'NODE_ENV is not production: libraries run their development builds (npm run bench sets it)',
    );
  }
  step(`fresh database ${database.pathname.slice(1)}`);
  generatePrismaClient();
  await ensureDatabase(databaseUrl);
  const cleanups: (() => Promise<void>)[] = [
    () => dropDatabase(databaseUrl),
    () => deleteRedisPrefix(redisUrl, queuePrefix),
  ];
  try {
    migrate(databaseUrl);
    const config = loadApiConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_DISABLED: 'true',
      ...options.env,
    });
    const api = await startApiServer(
      config,
      createLogger({ name: 'bench', level: 'silent', pretty: false }),
      {
        relay: options.relay === true,
        relayMaxBackoffMs: 500,
      },
    );
    cleanups.unshift(() => api.close());
    await bench({ url: api.url, prisma: api.prisma, config, publicFarms: api.publicFarms, suffix });
  } finally {
    step('cleaning up');
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

export interface LoadOptions {
  okStatus?: number;
  concurrency: number;
  seconds: number;
  warmupMs?: number;
}

/** What every request of a load run sends; `{{uuid}}` in the body or a header is fresh per request. */
export interface LoadRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  statuses: Map<number, number>;
  seconds: number;
  /** Sorted, in milliseconds. */
  latencies: number[];
  /** Bytes on the wire (Content-Length) and after decoding, of one response like those measured. */
  wireBytes: number;
  bodyBytes: number;
  /** The first failure seen, to say what "not ok" was. */
  firstFailure?: string;
  /** The p95 the API measured itself (its /metrics histogram), in milliseconds, when it was read. */
  serverP95Ms?: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** One table row of a measure's samples (milliseconds, in any order): runs, p50, p95, min and max. */
export function latencyRow(label: string, samples: readonly number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    measure: label,
    runs: sorted.length,
    'p50 ms': percentile(sorted, 50).toFixed(0),
    'p95 ms': percentile(sorted, 95).toFixed(0),
    'min ms': (sorted[0] ?? Number.NaN).toFixed(0),
    'max ms': (sorted.at(-1) ?? Number.NaN).toFixed(0),
  };
}

export const requestsPerSecond = (result: LoadResult) => result.requests / result.seconds;

/**
 * Runs a client script (ops/lib/*Client.ts) in a process of its own with its job as JSON, and resolves
 * with the JSON of the last line it prints. Asynchronously: the API under test may live in this very
 * process and must keep answering.
 */
export async function runClient<Result>(script: string, job: unknown): Promise<Result> {
  const child = spawn(process.execPath, [script, JSON.stringify(job)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${path.basename(script)} failed: ${stderr}`);
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Result;
}

const loadClient = path.join(path.dirname(fileURLToPath(import.meta.url)), 'loadClient.ts');

/**
 * `concurrency` connections sending the request for `seconds` after a warm-up, from autocannon in a
 * process of its own (ops/lib/loadClient.ts): the client never shares the server's event loop.
 */
export async function load(name: string, request: LoadRequest, options: LoadOptions): Promise<LoadResult> {
  const okStatus = options.okStatus ?? 200;
  const method = request.method ?? 'GET';
  const headers = { 'accept-encoding': 'gzip, br', ...request.headers };
  const job: LoadJob = {
    url: request.url,
    method,
    headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
    connections: options.concurrency,
    seconds: options.seconds,
    warmupSeconds: Math.ceil((options.warmupMs ?? 1_000) / 1_000),
  };
  step(`${name}, ${options.concurrency} connections, ${options.seconds} s (autocannon in its own process)`);
  const client = await runClient<LoadClientResult>(loadClient, job);
  // One response like those measured, to report its size on the wire and decoded.
  const fill = (text: string) => text.replaceAll('{{uuid}}', () => randomUUID());
  const sample = await fetch(request.url, {
    method,
    headers: Object.fromEntries(Object.entries(headers).map(([key, value]) => [key, fill(value)])),
    ...(request.body !== undefined ? { body: fill(request.body) } : {}),
  });
  const body = await sample.arrayBuffer();
  const statuses = new Map(Object.entries(client.statuses).map(([status, count]) => [Number(status), count]));
  const failures = client.requests - (statuses.get(okStatus) ?? 0) + client.errors;
  const firstFailure =
    client.firstError ??
    (failures > 0 ? `status ${[...statuses.keys()].find((status) => status !== okStatus)}` : undefined);
  return {
    name,
    requests: client.requests,
    failures,
    statuses,
    seconds: client.seconds,
    latencies: client.latencies.sort((a, b) => a - b),
    wireBytes: Number(sample.headers.get('content-length') ?? body.byteLength),
    bodyBytes: body.byteLength,
    ...(firstFailure ? { firstFailure } : {}),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** One row per target; the first result is the baseline the others are compared with. */
export function reportLoad(results: LoadResult[]): void {
  const baseline = results[0];
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': requestsPerSecond(r).toFixed(1),
      [`vs ${baseline?.name ?? 'first'}`]: baseline
        ? `${((requestsPerSecond(r) / requestsPerSecond(baseline)) * 100).toFixed(1)}%`
        : '',
      p50: ms(percentile(r.latencies, 50)),
      p95: ms(percentile(r.latencies, 95)),
      p99: ms(percentile(r.latencies, 99)),
      ...(results.some((x) => x.serverP95Ms !== undefined)
        ? { 'server p95': r.serverP95Ms === undefined ? '' : ms(r.serverP95Ms) }
        : {}),
      body: kb(r.bodyBytes),
      'on wire': kb(r.wireBytes),
      requests: r.requests,
      'not ok': r.failures,
      statuses: [...r.statuses].map(([status, count]) => `${status}×${count}`).join(' '),
    })),
  );
  for (const r of results) if (r.firstFailure) console.log(`${r.name}: first failure: ${r.firstFailure}`);
}

/** "X/Y: throughput N% · p95 Mx", the ratio line each issue asks for. */
export function ratioLine(label: string, subject: LoadResult, baseline: LoadResult): string {
  const throughput = requestsPerSecond(subject) / requestsPerSecond(baseline);
  const p95 = percentile(subject.latencies, 95) / percentile(baseline.latencies, 95);
  return `${label}: throughput ${(throughput * 100).toFixed(1)}% · p95 ${p95.toFixed(2)}x`;
}
