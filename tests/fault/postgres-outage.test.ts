// PostgreSQL goes away under load: the API process (a real `node api/src/main.ts`) on a private cluster
// that the test stops for a few seconds while farm signups and health checks keep coming. Health
// answers 503 during the gap, every write answers 201 or 503, the process never crashes, and every
// write that was answered 201 is in the database afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma } from '../../db/src/index.ts';
import { freePort } from '../../ops/lib/ports.ts';
import { migrate } from '../../ops/lib/prepare.ts';
import { ensureDatabase } from '../../ops/lib/services.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../support/postgres.ts';
import { validSignup } from '../support/printFarmsFixtures.ts';
import { killLaunched, type LaunchedProcess, launchApi, processEnv } from '../support/processes.ts';
import { eventually } from '../support/server.ts';

interface Answer {
  email: string;
  status: number | 'no answer';
  /** Answered while the database was down (between stop and a healthy start). */
  duringGap: boolean;
}

describe('PostgreSQL unavailable under load', () => {
  let postgres: PrivatePostgres;
  let api: LaunchedProcess;
  let url: string;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await startPrivatePostgres();
    const database = new URL(postgres.serverUrl);
    database.pathname = '/printfarm_outage';
    databaseUrl = database.toString();
    await ensureDatabase(databaseUrl);
    migrate(databaseUrl);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    api = await launchApi(
      await processEnv({ DATABASE_URL: databaseUrl, RATE_LIMIT_DISABLED: 'true', LOG_LEVEL: 'warn' }),
      port,
    );
  }, 120_000);
  afterAll(async () => {
    await killLaunched();
    postgres?.destroy();
  });

  it('answers 503 while it is down, loses no acknowledged write, and never crashes', {
    timeout: 120_000,
  }, async () => {
    const answers: Answer[] = [];
    const health: { status: number | 'no answer'; duringGap: boolean }[] = [];
    let down = false;
    let running = true;

    const writer = async () => {
      while (running) {
        const body = validSignup();
        const duringGap = down;
        const status = await fetch(`${url}/api/print-farms/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
          .then((response) => response.status)
          .catch(() => 'no answer' as const);
        answers.push({ email: body.contactEmail, status, duringGap: duringGap || down });
      }
    };
    const prober = async () => {
      while (running) {
        const duringGap = down;
        const status = await fetch(`${url}/api/health`)
          .then((response) => response.status)
          .catch(() => 'no answer' as const);
        health.push({ status, duringGap: duringGap || down });
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const load = [...Array.from({ length: 6 }, writer), prober()];

    await eventually(async () => answers.filter((answer) => answer.status === 201).length >= 30, 30_000);
    down = true;
    postgres.stop();
    // The outage is seen from outside before the database comes back.
    await eventually(async () => {
      const refusedWrites = answers.filter((answer) => answer.duringGap && answer.status === 503).length;
      const refusedHealth = health.filter((probe) => probe.duringGap && probe.status === 503).length;
      return refusedWrites >= 10 && refusedHealth >= 5;
    }, 30_000).catch((error) => {
      const seen = (list: { status: unknown; duringGap: boolean }[]) =>
        JSON.stringify(list.filter((entry) => entry.duringGap).map((entry) => entry.status));
      throw new Error(
        `${error}\nwrites: ${seen(answers)}\nhealth: ${seen(health)}\n${api.output().slice(-3000)}`,
      );
    });
    postgres.start();
    await eventually(async () => (await fetch(`${url}/api/health`)).status === 200, 30_000);
    down = false;
    const afterRestart = answers.length;
    await eventually(
      async () => answers.slice(afterRestart).filter((answer) => answer.status === 201).length >= 30,
      30_000,
    );
    running = false;
    await Promise.all(load);

    const statuses = [...new Set(answers.map((answer) => answer.status))].sort();
    if (statuses.join() !== '201,503') {
      console.log(
        api
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":50'))
          .slice(0, 3)
          .join('\n'),
      );
    }
    expect(statuses).toEqual([201, 503]);
    expect(health.every((probe) => probe.status === 200 || probe.status === 503)).toBe(true);
    expect(api.child.exitCode).toBeNull();

    const acknowledged = answers.filter((answer) => answer.status === 201).map((answer) => answer.email);
    const prisma = createPrisma(databaseUrl, { maxConnections: 2 });
    try {
      const stored = await prisma.printFarm.findMany({
        where: { contactEmail: { in: acknowledged } },
        select: { contactEmail: true },
      });
      expect(stored.length).toBe(acknowledged.length);
    } finally {
      await prisma.$disconnect();
    }
    console.log(
      `postgres outage: ${answers.length} signups (${acknowledged.length} × 201, ${answers.length - acknowledged.length} × 503), ${health.length} health checks (${health.filter((probe) => probe.status === 503).length} × 503)`,
    );
  });
});
