// `npm start`: from a fresh clone to a running marketplace. Checks PostgreSQL and Redis, migrates,
// seeds an empty database, builds the PWA, starts MailDev, the API and the workers, prints the URLs.
// The API serves its metrics on METRICS_PORT (9464 unless set), the workers on the next port.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { workersProcessEnv } from '../workers/src/processEnv.ts';
import { startDemoPrinters } from './lib/demoPrinters.ts';
import { fail, step } from './lib/log.ts';
import { type MetricsPorts, metricsPorts, metricsPortsProblem } from './lib/metricsPorts.ts';
import { portInUse } from './lib/ports.ts';
import {
  buildPwa,
  generatePrismaClient,
  installSystemPackages,
  type MailDevProcess,
  migrate,
  repoRoot,
  seed,
  startMaildev,
} from './lib/prepare.ts';
import {
  checkPostgres,
  checkRedis,
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  ensureDatabase,
} from './lib/services.ts';

if (existsSync(path.join(repoRoot, '.env'))) process.loadEnvFile(path.join(repoRoot, '.env'));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV ?? 'development',
  PORT: process.env.PORT ?? '8080',
  DATABASE_URL: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
  REDIS_URL: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  SMTP_HOST: process.env.SMTP_HOST ?? '127.0.0.1',
  SMTP_PORT: process.env.SMTP_PORT ?? '1025',
};
env.PUBLIC_URL ??= `http://localhost:${env.PORT}`;
const mailWebPort = Number(process.env.MAILDEV_WEB_PORT ?? 1080);
const databaseUrl = env.DATABASE_URL as string;
const redisUrl = env.REDIS_URL as string;
const metricsHost = env.METRICS_HOST || '127.0.0.1';
const metrics = ((): MetricsPorts => {
  try {
    return metricsPorts(env);
  } catch (error) {
    return fail((error as Error).message);
  }
})();

step('Checking PostgreSQL, Redis and the metrics ports…');
const problems = (
  await Promise.all([
    checkPostgres(databaseUrl),
    checkRedis(redisUrl),
    metricsPortsProblem(metrics, metricsHost),
  ])
).filter(Boolean);
if (problems.length > 0) fail(problems.join('\n'));

if (await ensureDatabase(databaseUrl)) step(`Created database ${new URL(databaseUrl).pathname.slice(1)}`);
step('Generating the database client…');
generatePrismaClient();
step('Migrating the database…');
migrate(databaseUrl);
step('Seeding (only an empty database)…');
seed(env);
step('Building the PWA…');
buildPwa();
step('Checking the slicer…');
installSystemPackages(['prusa-slicer']);

let maildev: MailDevProcess | undefined;
const localSmtp = ['127.0.0.1', 'localhost'].includes(env.SMTP_HOST as string);
if (localSmtp && !(await portInUse(Number(env.SMTP_PORT)))) {
  step('Starting MailDev…');
  maildev = await startMaildev(Number(env.SMTP_PORT), mailWebPort);
} else if (localSmtp) {
  step(`SMTP port ${env.SMTP_PORT} is already served; using it`);
}

const children: ChildProcess[] = [];
let stopping = false;

function startProcess(name: string, entry: string, processEnv: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(path.join(repoRoot, 'node_modules/.bin/node'), [entry], {
    cwd: repoRoot,
    env: processEnv,
    stdio: 'inherit',
  });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`\n✖ ${name} exited (${signal ?? code}); stopping everything.`);
    void stopAll(1);
  });
  children.push(child);
  return child;
}

async function stopAll(exitCode: number): Promise<never> {
  stopping = true;
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await maildev?.stop();
  await Promise.all(demoPrinters.map((printer) => printer.stop()));
  process.exit(exitCode);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

step("Starting the demo farm's simulated printers (OctoPrint, Moonraker)…");
const demoPrinters = await startDemoPrinters(step);

startProcess('api', 'api/src/main.ts', { ...env, METRICS_PORT: String(metrics.api) });
startProcess(
  'workers',
  'workers/src/main.ts',
  workersProcessEnv({ ...env, METRICS_PORT: String(metrics.workers) }),
);

const appUrl = `http://localhost:${env.PORT}`;
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    const response = await fetch(`${appUrl}/api/health`);
    if (response.ok) break;
  } catch {}
  if (Date.now() > deadline) fail(`The API did not become healthy at ${appUrl}/api/health`);
  await new Promise((resolve) => setTimeout(resolve, 250));
}

const lines = [
  '',
  '  PrintFarm Network is running',
  '',
  `  App:        ${appUrl}`,
  `  Health:     ${appUrl}/api/health`,
  `  Metrics:    http://${metricsHost}:${metrics.api}/metrics (API)`,
  `              http://${metricsHost}:${metrics.workers}/metrics (workers)`,
  ...(maildev ? [`  MailDev:    http://localhost:${mailWebPort}  (SMTP ${env.SMTP_PORT})`] : []),
];
if (env.NODE_ENV !== 'production') {
  const password = env.SEED_DEMO_PASSWORD ?? 'printfarm-demo';
  lines.push(
    '',
    `  Demo accounts (password: ${password}):`,
    '    staff@demo.test · operator@demo.test · customer@demo.test',
  );
}
lines.push('', '  Press Ctrl+C to stop.', '');
console.log(lines.join('\n'));
