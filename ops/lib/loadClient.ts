// The load generator's own process (autocannon), so the client never shares the server's event loop.
// Run by ops/lib/bench.ts `load()`: reads a LoadJob (JSON) from argv, warms up, measures, and prints one
// JSON line with every latency, the statuses and the request count. `{{uuid}}` in a body or header is
// replaced by a fresh UUID per request (unique e-mails, Idempotency-Keys).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
}

export interface LoadClientResult {
  requests: number;
  seconds: number;
  latencies: number[];
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  firstError?: string;
}

const fill = (template: string) => template.replaceAll('{{uuid}}', () => randomUUID());
const varies = (job: LoadJob) =>
  (job.body ?? '').includes('{{uuid}}') ||
  Object.values(job.headers).some((value) => value.includes('{{uuid}}'));

function run(job: LoadJob, seconds: number, record: boolean) {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  let firstError: string | undefined;
  let settle: (error: unknown, result?: autocannon.Result) => void = () => {};
  const finished = new Promise<autocannon.Result>((resolve, reject) => {
    settle = (error, result) => (error || !result ? reject(error) : resolve(result));
  });
  const options: autocannon.Options = {
    url: job.url,
    connections: job.connections,
    duration: seconds,
    method: job.method as autocannon.Request['method'],
    headers: job.headers,
    ...(job.body !== undefined ? { body: job.body } : {}),
    ...(varies(job)
      ? {
          requests: [
            {
              setupRequest: (request: autocannon.Request) => ({
                ...request,
                headers: Object.fromEntries(
                  Object.entries(job.headers).map(([key, value]) => [key, fill(value)]),
                ),
                ...(job.body !== undefined ? { body: fill(job.body) } : {}),
              }),
            },
          ],
        }
      : {}),
  };
  const instance = autocannon(options, (error, result) => settle(error, result));
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (!record) return;
    latencies.push(responseTime);
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
  });
  instance.on('reqError', (error) => {
    firstError ??= String(error);
  });
  return finished.then(
    (result): LoadClientResult => ({
      requests: latencies.length,
      seconds: result.duration,
      latencies,
      statuses,
      errors: result.errors,
      timeouts: result.timeouts,
      ...(firstError ? { firstError } : {}),
    }),
  );
}

const job = JSON.parse(process.argv[2] ?? '{}') as LoadJob;
if (job.warmupSeconds > 0) await run(job, job.warmupSeconds, false);
const result = await run(job, job.seconds, true);
process.stdout.write(`${JSON.stringify(result)}\n`);
