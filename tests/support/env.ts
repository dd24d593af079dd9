import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { cloneDatabase } from '../../ops/lib/services.ts';

/** Where this test file's own services live. */
export interface TestEnv {
  /** A database of this file's own, cloned from the run's migrated template. */
  databaseUrl: string;
  redisUrl: string;
  /** BullMQ key prefix private to this file, so relays and workers of files running side by side never meet. */
  queuePrefix: string;
  smtpPort: number;
  maildevUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testEnv: TestEnv;
  }
}

/** The run-wide services from global-setup.ts (the template database must stay unconnected). */
export function runEnv(): TestEnv {
  return inject('testEnv');
}

let fileEnv: Promise<TestEnv> | undefined;

/** This test file's environment; the first call clones the database. */
export function testEnv(): Promise<TestEnv> {
  fileEnv ??= (async () => {
    const run = runEnv();
    const suffix = randomBytes(3).toString('hex');
    const template = new URL(run.databaseUrl).pathname.slice(1);
    const databaseUrl = await cloneDatabase(run.databaseUrl, `${template}_${suffix}`);
    return { ...run, databaseUrl, queuePrefix: `${run.queuePrefix}-${suffix}` };
  })();
  return fileEnv;
}
