// The real processes as `npm start` runs them: config problems listed with exit 1; SIGTERM stops
// cleanly with exit 0.
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/lib/ports.ts';
import { testEnv } from '../support/env.ts';
import { killLaunched, launchProcess } from '../support/processes.ts';
import { eventually } from '../support/server.ts';

afterEach(killLaunched);

describe.each([['api/src/main.ts'], ['workers/src/main.ts']])('%s', (entry) => {
  it('lists every configuration problem and exits 1', async () => {
    const { exited, output } = launchProcess(entry, {
      DATABASE_URL: 'not a url',
      REDIS_URL: 'http://wrong-scheme',
      LOG_LEVEL: 'loud',
    });
    expect(await exited).toBe(1);
    expect(output()).toContain('DATABASE_URL');
    expect(output()).toContain('REDIS_URL');
    expect(output()).toContain('LOG_LEVEL');
  });

  it('stops cleanly on SIGTERM', async () => {
    const env = await testEnv();
    const port = await freePort();
    const { child, exited, output } = launchProcess(entry, {
      NODE_ENV: 'test',
      PORT: String(port),
      DATABASE_URL: env.databaseUrl,
      REDIS_URL: env.redisUrl,
      QUEUE_PREFIX: env.queuePrefix,
      SMTP_PORT: String(env.smtpPort),
      LOG_LEVEL: 'info',
    });
    await eventually(
      async () => output().includes(entry.startsWith('api') ? 'api listening' : 'workers running'),
      20_000,
    );
    if (entry.startsWith('api')) {
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output()).toContain('stopped');
  });
});
