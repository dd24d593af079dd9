// GET /metrics on the API and on the workers, scraped before and after real traffic and real jobs: the
// counters and histograms move by exactly what happened, and a stranger gets nothing.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { familyNames, type Samples, sample, scrape } from '../../ops/fixtures/metrics.ts';
import { freePort } from '../../ops/lib/ports.ts';
import { emailsTo } from '../support/maildev.ts';
import { createFarm, offersOf, submitAndQuote, uploadedRequest } from '../support/marketplace.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

const TOKEN = 'metrics-token-for-the-test-suite';
const CUBE = path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl');

describe('metrics', () => {
  const uploadDir = mkdtempSync(path.join(tmpdir(), 'metrics-'));
  let api: TestApi;
  let workers: TestWorkers;
  let apiMetrics: string;
  let workerMetrics: string;

  beforeAll(async () => {
    const [apiPort, workerPort] = [await freePort(), await freePort()];
    api = await startApi({
      env: {
        UPLOAD_DIR: uploadDir,
        METRICS_PORT: String(apiPort),
        METRICS_TOKEN: TOKEN,
        RATE_LIMIT_DISABLED: 'true',
      },
    });
    workers = await startWorkers({
      env: { UPLOAD_DIR: uploadDir, METRICS_PORT: String(workerPort), METRICS_TOKEN: TOKEN },
    });
    apiMetrics = `http://127.0.0.1:${apiPort}/metrics`;
    workerMetrics = `http://127.0.0.1:${workerPort}/metrics`;
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const scrapeApi = () => scrape(apiMetrics, TOKEN);
  const scrapeWorkers = () => scrape(workerMetrics, TOKEN);
  const delta = (before: Samples, after: Samples, name: string, labels: Record<string, string> = {}) =>
    sample(after, name, labels) - sample(before, name, labels);

  it('refuses a stranger on the metrics port and on the public origin', async () => {
    for (const url of [apiMetrics, workerMetrics, `${api.url}/metrics`]) {
      const anonymous = await fetch(url);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.text()).not.toContain('printfarm_');
      const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all' } });
      expect(wrong.status).toBe(401);
    }
    const holder = await fetch(`${api.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(holder.status).toBe(200);
    expect(await holder.text()).toContain('printfarm_http_requests_total');
  });

  it('counts and times requests by route pattern and status class', async () => {
    const before = await scrapeApi();
    for (let i = 0; i < 3; i += 1) expect((await fetch(`${api.url}/api/print-farms`)).status).toBe(200);
    const requestId = randomUUID();
    for (let i = 0; i < 2; i += 1)
      expect((await fetch(`${api.url}/api/print-requests/${requestId}`)).status).toBe(401);
    const after = await scrapeApi();

    const list = { method: 'GET', route: '/api/print-farms', status_class: '2xx', process: 'api' };
    expect(delta(before, after, 'printfarm_http_requests_total', list)).toBe(3);
    expect(delta(before, after, 'printfarm_http_request_duration_seconds_count', list)).toBe(3);
    expect(
      delta(before, after, 'printfarm_http_request_duration_seconds_bucket', { ...list, le: '+Inf' }),
    ).toBe(3);
    const refused = {
      method: 'GET',
      route: '/api/print-requests/:requestId',
      status_class: '4xx',
      process: 'api',
    };
    expect(delta(before, after, 'printfarm_http_requests_total', refused)).toBe(2);
    // The pattern, never the raw path: no series names the request's id.
    expect([...after.keys()].some((key) => key.includes(requestId))).toBe(false);
  });

  it('counts e-mails sent and skipped as duplicates, and times the jobs', async () => {
    const before = await scrapeWorkers();
    const to = `metrics-${randomUUID().slice(0, 8)}@example.test`;
    const messageKey = `metrics:${to}`;
    const mail = { messageKey, to, subject: 'Metered', text: 'one' };
    const first = await api.prisma.$transaction((tx) => recordJob(tx, 'email.send', mail));
    await eventually(async () => (await api.queues.get('email.send').getJob(first))?.finishedOn);
    const second = await api.prisma.$transaction((tx) => recordJob(tx, 'email.send', mail));
    await eventually(async () => (await api.queues.get('email.send').getJob(second))?.finishedOn);
    expect(await emailsTo(to)).toHaveLength(1);
    const after = await scrapeWorkers();

    expect(delta(before, after, 'printfarm_emails_sent_total', { process: 'workers' })).toBe(1);
    expect(
      delta(before, after, 'printfarm_emails_skipped_total', { process: 'workers', reason: 'duplicate' }),
    ).toBe(1);
    const job = (outcome: string) => ({ job: 'email.send', outcome, process: 'workers' });
    expect(delta(before, after, 'printfarm_job_duration_seconds_count', job('done'))).toBe(1);
    expect(delta(before, after, 'printfarm_job_duration_seconds_count', job('skipped'))).toBe(1);
    expect(delta(before, after, 'printfarm_job_duration_seconds_sum', job('done'))).toBeGreaterThan(0);
  });

  it('measures the analysis of an upload and the offers made for it', { timeout: 60_000 }, async () => {
    for (const zip of ['78701', '78702']) await createFarm(api.prisma, { zip });
    const customer = await createUser(api.prisma);
    const cookie = await signIn(api.url, customer.email, customer.password);
    const before = await scrapeWorkers();
    const cube = await readFile(CUBE);
    const draft = await uploadedRequest(api.url, cookie, cube, 'cube-20mm.stl', '78701');
    expect((await submitAndQuote(api.url, cookie, draft.id)).status).toBe('quoted');
    const offers = await offersOf(api.url, cookie, draft.id);
    const after = await scrapeWorkers();

    const stl = { format: 'stl', process: 'workers' };
    expect(delta(before, after, 'printfarm_model_analysis_bytes_total', stl)).toBe(cube.length);
    expect(delta(before, after, 'printfarm_model_analysis_duration_seconds_count', stl)).toBe(1);
    expect(offers.length).toBe(2);
    expect(
      delta(before, after, 'printfarm_offers_computed_total', { kind: 'instant', process: 'workers' }),
    ).toBe(2);
    expect(delta(before, after, 'printfarm_request_first_offer_seconds_count', { process: 'workers' })).toBe(
      1,
    );
  });

  it('reports queue depth by state and the outbox backlog', async () => {
    const samples = await scrapeApi();
    for (const state of ['waiting', 'active', 'delayed', 'failed']) {
      expect(samples.has(`printfarm_queue_jobs{process="api",queue="email.send",state="${state}"}`)).toBe(
        true,
      );
    }
    expect(samples.has('printfarm_outbox_unpublished_events{process="api"}')).toBe(true);
    expect(samples.has('printfarm_outbox_oldest_unpublished_age_seconds{process="api"}')).toBe(true);
    expect(familyNames(samples).has('process_cpu_seconds_total')).toBe(true);
  });
});
