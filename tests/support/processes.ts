// The real processes as `npm start` runs them (node api/src/main.ts, node workers/src/main.ts), as
// children of the test: for faults a process of its own must show (SIGKILL, crashes, exit codes).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../ops/lib/prepare.ts';
import { workersProcessEnv } from '../../workers/src/processEnv.ts';
import { testEnv } from './env.ts';
import { eventually } from './server.ts';

export interface LaunchedProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** SIGKILL, and wait for the exit. */
  kill(): Promise<void>;
}

const launched = new Set<LaunchedProcess>();

export function launchProcess(entry: string, env: Record<string, string>): LaunchedProcess {
  const child = spawn(process.execPath, [path.join(repoRoot, entry)], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const handle: LaunchedProcess = {
    child,
    exited,
    output: () => output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
  launched.add(handle);
  void exited.then(() => launched.delete(handle));
  return handle;
}

/** SIGKILLs every process launched by this file that still runs (for afterEach/afterAll). */
export async function killLaunched(): Promise<void> {
  await Promise.all([...launched].map((handle) => handle.kill()));
}

/** The environment the API and workers of this test file share (database, Redis prefix, MailDev). */
export async function processEnv(extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const env = await testEnv();
  return {
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(env.smtpPort),
    OUTBOX_POLL_MS: '50',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

/** A worker process, resolved once it has said it runs. */
export async function launchWorkers(env: Record<string, string>): Promise<LaunchedProcess> {
  const workers = launchProcess('workers/src/main.ts', workersProcessEnv(env));
  await eventually(async () => workers.output().includes('workers running'), 30_000);
  return workers;
}

/** An API process on `port`, resolved once /api/health answers. */
export async function launchApi(env: Record<string, string>, port: number): Promise<LaunchedProcess> {
  const api = launchProcess('api/src/main.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  await eventually(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 30_000);
  return api;
}
