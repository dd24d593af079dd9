// `npm test`: checks the services, then runs the whole suite (vitest) against a database, Redis
// prefix and MailDev of its own (tests/support/global-setup.ts), and prints a one-line summary.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fail, step } from './lib/log.ts';
import { repoRoot } from './lib/prepare.ts';
import { checkPostgres, checkRedis, DEFAULT_DATABASE_URL, DEFAULT_REDIS_URL } from './lib/services.ts';

const usesDocker = Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
if (!usesDocker || process.env.TEST_USE_LOCAL_SERVICES === '1') {
  step('Checking PostgreSQL and Redis…');
  const problems = (
    await Promise.all([
      checkPostgres(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL),
      checkRedis(process.env.REDIS_URL ?? DEFAULT_REDIS_URL),
    ])
  ).filter(Boolean);
  if (problems.length > 0) fail(problems.join('\n'));
}

const report = path.join(os.tmpdir(), `printfarm-vitest-${process.pid}.json`);
// Run vitest on the pinned Node 24 even if the shell's PATH points at an older one.
const vitest = spawn(
  process.execPath,
  [
    path.join(repoRoot, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...process.argv.slice(2),
  ],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
);
const code: number = await new Promise((resolve) => vitest.on('exit', (exitCode) => resolve(exitCode ?? 1)));

if (existsSync(report)) {
  const summary = JSON.parse(readFileSync(report, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numFailedTestSuites: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  rmSync(report);
  const skipped = summary.numPendingTests + summary.numTodoTests;
  // A suite that fails in a hook fails no single test; count it so the line never reads all-green.
  const failed = Math.max(summary.numFailedTests, summary.numFailedTestSuites);
  console.log(`\n${summary.numPassedTests} passed, ${failed} failed, ${skipped} skipped`);
}
process.exit(code);
