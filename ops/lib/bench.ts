// What every HTTP benchmark under ops/bench shares: the real API in this process on a fresh database of
// its own (dropped afterwards), a closed-loop load generator with plain fetch, and one way to report.

import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { type ApiConfig, loadApiConfig } from '../../api/src/config.ts';
import { startApiServer } from '../../api/src/server.ts';
import type { PrismaClient } from '../../db/src/index.ts';
import { createLogger } from '../../db/src/logger.ts';
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
    await bench({ url: api.url, prisma: api.prisma, config, suffix });
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

export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  statuses: Map<number, number>;
  seconds: number;
  /** Sorted, in milliseconds. */
  latencies: number[];
  /** Bytes on the wire (Content-Length) and after decoding, of the last response. */
  wireBytes: number;
  bodyBytes: number;
  /** The first failure seen, to say what "not ok" was. */
  firstFailure?: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export const requestsPerSecond = (result: LoadResult) => result.requests / result.seconds;

/** `concurrency` loops sending requests for `seconds` after a warm-up, like autocannon with plain fetch. */
export async function load(
  name: string,
  send: () => Promise<Response>,
  options: LoadOptions,
): Promise<LoadResult> {
  const okStatus = options.okStatus ?? 200;
  const loops = (until: number, each: () => Promise<void>) =>
    Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) await each();
      }),
    );
  step(`${name}, ${options.concurrency} concurrent, ${options.seconds} s`);
  await loops(performance.now() + (options.warmupMs ?? 1_000), async () => {
    await (await send()).arrayBuffer();
  });
  const result: LoadResult = {
    name,
    requests: 0,
    failures: 0,
    statuses: new Map(),
    seconds: 0,
    latencies: [],
    wireBytes: 0,
    bodyBytes: 0,
  };
  const started = performance.now();
  await loops(started + options.seconds * 1_000, async () => {
    const t0 = performance.now();
    let status = 0;
    try {
      const response = await send();
      const body = await response.arrayBuffer();
      status = response.status;
      result.bodyBytes = body.byteLength;
      result.wireBytes = Number(response.headers.get('content-length') ?? body.byteLength);
    } catch (error) {
      result.firstFailure ??= String((error as Error).cause ?? error);
    }
    result.latencies.push(performance.now() - t0);
    result.requests += 1;
    result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
    if (status !== okStatus) {
      result.failures += 1;
      result.firstFailure ??= `status ${status}`;
    }
  });
  result.seconds = (performance.now() - started) / 1_000;
  result.latencies.sort((a, b) => a - b);
  return result;
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
