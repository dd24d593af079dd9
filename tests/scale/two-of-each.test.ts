// Two API processes and two worker processes (real `node …/main.ts`) on one PostgreSQL and one Redis,
// as the network runs when it outgrows one machine: sessions, jobs, e-mails and uploads do not care
// which process a request or a job lands on.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../db/src/index.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { createUpload, headUpload, patchUpload, uploadUrl } from '../../ops/fixtures/tus.ts';
import { freePort } from '../../ops/lib/ports.ts';
import { testEnv } from '../support/env.ts';
import { listEmails } from '../support/maildev.ts';
import { validSignup } from '../support/printFarmsFixtures.ts';
import {
  killLaunched,
  type LaunchedProcess,
  launchApi,
  launchWorkers,
  processEnv,
} from '../support/processes.ts';
import { eventually } from '../support/server.ts';

const SIGNUPS = 500;

describe('two API and two worker processes', () => {
  let prisma: PrismaClient;
  let uploadDir: string;
  const apis: string[] = [];
  const workers: LaunchedProcess[] = [];

  beforeAll(async () => {
    prisma = createPrisma((await testEnv()).databaseUrl, { maxConnections: 3 });
    uploadDir = await mkdtemp(path.join(tmpdir(), 'scale-'));
    const env = await processEnv({
      UPLOAD_DIR: uploadDir,
      RATE_LIMIT_DISABLED: 'true',
      WORKER_CONCURRENCY: '8',
    });
    const ports = [await freePort(), await freePort()];
    await Promise.all(ports.map((port) => launchApi(env, port)));
    apis.push(...ports.map((port) => `http://127.0.0.1:${port}`));
    workers.push(...(await Promise.all([launchWorkers(env), launchWorkers(env)])));
  }, 120_000);
  afterAll(async () => {
    await killLaunched();
    await prisma?.$disconnect();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const [first, second] = [() => apis[0] ?? '', () => apis[1] ?? ''];

  it('accepts on one API a session made on the other', async () => {
    const user = await createUser(prisma, { firstName: 'Sam' });
    const cookie = await signIn(first(), user.email, user.password);
    const response = await fetch(`${second()}/api/auth/user`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('runs every job of 500 signups spread over both APIs once, and sends each e-mail once', {
    timeout: 240_000,
  }, async () => {
    const bodies = Array.from({ length: SIGNUPS }, () => validSignup());
    const statuses: number[] = [];
    for (let start = 0; start < SIGNUPS; start += 20) {
      await Promise.all(
        bodies.slice(start, start + 20).map(async (body, index) => {
          const response = await fetch(`${index % 2 === 0 ? first() : second()}/api/print-farms/signup`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          statuses.push(response.status);
        }),
      );
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(SIGNUPS);
    const emails = bodies.map((body) => body.contactEmail);
    const farms = await prisma.printFarm.findMany({
      where: { contactEmail: { in: emails } },
      select: { id: true },
    });
    expect(farms).toHaveLength(SIGNUPS);
    const farmIds = farms.map((farm) => farm.id);
    const messageKeys = farmIds.map((id) => `farm-signup:${id}`);

    await eventually(
      async () =>
        (await prisma.printFarm.count({ where: { id: { in: farmIds }, geocodeStatus: 'located' } })) ===
          SIGNUPS &&
        (await prisma.emailLog.count({ where: { messageKey: { in: messageKeys }, status: 'sent' } })) ===
          SIGNUPS,
      180_000,
    );

    // Each geocode ran once: exactly one 'farm geocoded' line per farm across both worker processes.
    const geocodeLines = workers
      .flatMap((worker) => worker.output().split('\n'))
      .filter((line) => line.includes('"msg":"farm geocoded"'));
    const perFarm = new Map<string, number>();
    for (const line of geocodeLines) {
      const farmId = (JSON.parse(line) as { farmId: string }).farmId;
      perFarm.set(farmId, (perFarm.get(farmId) ?? 0) + 1);
    }
    expect(farmIds.every((id) => perFarm.get(id) === 1)).toBe(true);
    // Both worker processes took a share.
    for (const worker of workers) expect(worker.output()).toContain('"msg":"farm geocoded"');

    const received = (await listEmails()).flatMap((mail) => mail.to.map((to) => to.address.toLowerCase()));
    const perAddress = emails.map(
      (email) => received.filter((address) => address === email.toLowerCase()).length,
    );
    expect(perAddress.every((count) => count === 1)).toBe(true);
    console.log(
      `scale-out: ${SIGNUPS} signups over 2 APIs, ${geocodeLines.length} geocodes by 2 workers, ${SIGNUPS} e-mails, each once`,
    );
  });

  it('finishes on the second API an upload begun on the first, byte for byte', async () => {
    const user = await createUser(prisma);
    const cookieFirst = await signIn(first(), user.email, user.password);
    const data = Buffer.concat([Buffer.alloc(84), randomBytes(100_000 * 50)]);
    data.writeUInt32LE(100_000, 80);
    const created = await createUpload(first(), cookieFirst, data.length, { filename: 'shared.stl' });
    expect(created.status).toBe(201);
    const half = Math.floor(data.length / 2);
    expect(
      (await patchUpload(uploadUrl(first(), created), cookieFirst, 0, data.subarray(0, half))).status,
    ).toBe(204);

    const onSecond = uploadUrl(second(), created);
    const head = await headUpload(onSecond, cookieFirst);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const finished = await patchUpload(onSecond, cookieFirst, half, data.subarray(half));
    expect(finished.status).toBe(204);

    const file = await prisma.projectFile.findFirstOrThrow({ where: { userId: user.id } });
    const digest = createHash('sha256').update(data).digest('hex');
    expect(file.sha256).toBe(digest);
    expect(
      createHash('sha256')
        .update(await readFile(path.join(uploadDir, file.filePath)))
        .digest('hex'),
    ).toBe(digest);
  });
});
