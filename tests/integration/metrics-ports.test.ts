// One METRICS_PORT for the whole development stack: `npm start` gives the API that port and the workers
// the next (ops/lib/metricsPorts.ts), and both serve /metrics. A port already taken is one line naming
// the variable, from the in-process start and from the real processes alike.
import net from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../db/src/logger.ts';
import { scrape } from '../../ops/fixtures/metrics.ts';
import { DEV_METRICS_PORT, metricsPorts, metricsPortsProblem } from '../../ops/lib/metricsPorts.ts';
import { freePort, portInUse } from '../../ops/lib/ports.ts';
import { loadWorkerConfig } from '../../workers/src/config.ts';
import { startWorkerProcess } from '../../workers/src/process.ts';
import { killLaunched, launchApi, launchProcess, launchWorkers, processEnv } from '../support/processes.ts';
import { startApi } from '../support/server.ts';

/** A free port whose next port is free too, as `npm start` needs for one METRICS_PORT. */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort();
    if (port < 65535 && !(await portInUse(port + 1))) return port;
  }
}

/** Something else listening on a port of its own on loopback, as a second `npm start` would. */
async function occupiedPort(): Promise<{ port: number; release(): Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    release: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const taken = (port: number) => `METRICS_PORT ${port} is already in use (set METRICS_PORT to a free port)`;

describe('the development stack’s metrics ports', () => {
  it('gives the API METRICS_PORT and the workers the next port, 9464 and 9465 when unset', () => {
    expect(metricsPorts({})).toEqual({ api: DEV_METRICS_PORT, workers: DEV_METRICS_PORT + 1 });
    expect(metricsPorts({ METRICS_PORT: '' })).toEqual({ api: 9464, workers: 9465 });
    expect(metricsPorts({ METRICS_PORT: '9500' })).toEqual({ api: 9500, workers: 9501 });
    for (const wrong of ['abc', '0', '65535', '-1', '9464 ']) {
      expect(() => metricsPorts({ METRICS_PORT: wrong })).toThrow(/^METRICS_PORT must be a port/);
    }
  });

  it('names whichever of the two ports is taken before anything starts', async () => {
    const other = await occupiedPort();
    try {
      expect(await metricsPortsProblem({ api: other.port, workers: other.port + 1 }, '127.0.0.1')).toBe(
        `METRICS_PORT ${other.port} is already in use (set METRICS_PORT to a free port whose next one is free too)`,
      );
      expect(await metricsPortsProblem({ api: await freePort(), workers: other.port }, '127.0.0.1')).toBe(
        `METRICS_PORT+1 ${other.port} (the workers') is already in use (set METRICS_PORT to a free port whose next one is free too)`,
      );
      const free = await freePortPair();
      expect(await metricsPortsProblem(metricsPorts({ METRICS_PORT: String(free) }), '127.0.0.1')).toBe(null);
    } finally {
      await other.release();
    }
  });
});

describe('an API and workers started on one METRICS_PORT', () => {
  afterAll(killLaunched);

  it('serve /metrics each on its own port, as npm start runs them', async () => {
    const env = await processEnv({ METRICS_PORT: String(await freePortPair()), LOG_LEVEL: 'warn' });
    const ports = metricsPorts(env);
    await Promise.all([
      launchApi({ ...env, METRICS_PORT: String(ports.api) }, await freePort()),
      launchWorkers({ ...env, METRICS_PORT: String(ports.workers), LOG_LEVEL: 'info' }),
    ]);

    const apiSamples = await scrape(`http://127.0.0.1:${ports.api}/metrics`);
    const workerSamples = await scrape(`http://127.0.0.1:${ports.workers}/metrics`);
    expect(apiSamples.has('nodejs_eventloop_lag_seconds{process="api"}')).toBe(true);
    expect(workerSamples.has('nodejs_eventloop_lag_seconds{process="workers"}')).toBe(true);
  });
});

describe('a metrics port already taken', () => {
  afterEach(killLaunched);

  it('rejects the API’s start with one line naming METRICS_PORT', async () => {
    const other = await occupiedPort();
    try {
      await expect(startApi({ env: { METRICS_PORT: String(other.port) } })).rejects.toThrow(
        taken(other.port),
      );
    } finally {
      await other.release();
    }
  });

  it('rejects the workers’ metricsUrl with the same line, and they still close', async () => {
    const other = await occupiedPort();
    try {
      const config = loadWorkerConfig(await processEnv({ METRICS_PORT: String(other.port) }));
      const workers = startWorkerProcess(
        config,
        createLogger({ name: 'test', level: 'silent', pretty: false }),
      );
      await expect(workers.metricsUrl).rejects.toThrow(taken(other.port));
      await workers.close();
    } finally {
      await other.release();
    }
  });

  it('makes the api and workers processes print that line and exit 1', async () => {
    const other = await occupiedPort();
    try {
      const env = await processEnv({ METRICS_PORT: String(other.port), LOG_LEVEL: 'warn' });
      const [api, workers] = [
        launchProcess('api/src/main.ts', { ...env, PORT: String(await freePort()) }),
        launchProcess('workers/src/main.ts', env),
      ];
      expect(await Promise.all([api.exited, workers.exited])).toEqual([1, 1]);
      expect(api.output().trim()).toBe(`api: ${taken(other.port)}`);
      expect(workers.output().trim()).toBe(`workers: ${taken(other.port)}`);
    } finally {
      await other.release();
    }
  });
});
