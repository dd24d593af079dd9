// The Grafana dashboard under ops/grafana names only metrics the API and the workers really expose.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declaredFamilies } from '../../ops/fixtures/metrics.ts';
import { freePort } from '../../ops/lib/ports.ts';
import { repoRoot } from '../../ops/lib/prepare.ts';
import { startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

const TOKEN = 'dashboard-test-metrics-token';

interface Panel {
  title: string;
  targets: { expr: string }[];
}

describe('ops/grafana/printfarm-dashboard.json', () => {
  let api: TestApi;
  let workers: TestWorkers;
  let exposed: Set<string>;

  beforeAll(async () => {
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    api = await startApi({ env: { METRICS_PORT: String(apiPort), METRICS_TOKEN: TOKEN } });
    workers = await startWorkers({ env: { METRICS_PORT: String(workerPort), METRICS_TOKEN: TOKEN } });
    exposed = new Set([
      ...(await declaredFamilies(`http://127.0.0.1:${apiPort}/metrics`, TOKEN)),
      ...(await declaredFamilies(`http://127.0.0.1:${workerPort}/metrics`, TOKEN)),
    ]);
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
  });

  it('names only metrics that exist, and covers requests, queues, jobs, e-mail and the outbox', async () => {
    const dashboard = JSON.parse(
      await readFile(path.join(repoRoot, 'ops/grafana/printfarm-dashboard.json'), 'utf8'),
    ) as { panels: Panel[] };
    const named = new Set(
      dashboard.panels
        .flatMap((panel) => panel.targets.map((target) => target.expr))
        .flatMap((expr) =>
          [...expr.matchAll(/\b((?:printfarm|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1] ?? ''),
        )
        .map((name) => name.replace(/_(bucket|sum|count)$/, '')),
    );
    const unknown = [...named].filter((name) => !exposed.has(name));
    expect(unknown).toEqual([]);
    for (const family of [
      'printfarm_http_requests_total',
      'printfarm_http_request_duration_seconds',
      'printfarm_queue_jobs',
      'printfarm_job_duration_seconds',
      'printfarm_job_failures_total',
      'printfarm_emails_sent_total',
      'printfarm_emails_skipped_total',
      'printfarm_outbox_unpublished_events',
      'printfarm_outbox_oldest_unpublished_age_seconds',
      'printfarm_model_analysis_duration_seconds',
      'printfarm_offers_computed_total',
      'printfarm_request_first_offer_seconds',
    ]) {
      expect(named.has(family)).toBe(true);
    }
  });
});
