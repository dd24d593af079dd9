// A private redis-server on its own port, for tests that stop and restart Redis without touching
// the machine's shared instance.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { freePort, portInUse } from '../../ops/lib/ports.ts';

export interface PrivateRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

function redisServerBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' }).stdout.trim();
  if (!found) throw new Error('redis-server is not installed; the Redis outage tests need it');
  return found;
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const binary = redisServerBinary();
  const port = await freePort();
  let child: ChildProcess | undefined;

  async function waitForPort(open: boolean) {
    const deadline = Date.now() + 10_000;
    while ((await portInUse(port)) !== open) {
      if (Date.now() > deadline) throw new Error(`redis on ${port} did not ${open ? 'start' : 'stop'}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const handle: PrivateRedis = {
    url: `redis://127.0.0.1:${port}/0`,
    async start() {
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await waitForPort(true);
    },
    async stop() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        running.once('exit', () => resolve());
        running.kill('SIGKILL');
      });
      await waitForPort(false);
    },
  };
  await handle.start();
  return handle;
}
