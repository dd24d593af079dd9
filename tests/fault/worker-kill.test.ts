// A worker process killed with SIGKILL in the middle of a job: another worker process takes the job
// over once its lock expires and finishes it exactly once, with no second e-mail.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordFinishedUpload } from '../../api/src/services/projectFiles.ts';
import { createPrisma, type PrismaClient } from '../../db/src/index.ts';
import { recordJob } from '../../db/src/outbox.ts';
import { createQueueRegistry, type QueueRegistry } from '../../db/src/queues.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser } from '../support/auth.ts';
import { testEnv } from '../support/env.ts';
import { emailsTo } from '../support/maildev.ts';
import { killLaunched, type LaunchedProcess, launchWorkers, processEnv } from '../support/processes.ts';
import { eventually } from '../support/server.ts';
import { type SmtpProxy, startSmtpProxy } from '../support/smtpProxy.ts';

/** A binary STL of `triangles` random triangles: nothing welds, so the analysis has real work to do. */
function randomStl(triangles: number): Buffer {
  const stl = Buffer.concat([Buffer.alloc(84), randomBytes(triangles * 50)]);
  for (let i = 0; i < triangles; i += 1) {
    const base = 84 + i * 50;
    for (let f = 0; f < 12; f += 1)
      stl.writeFloatLE((stl.readUInt32LE(base + f * 4) % 100_000) / 1000, base + f * 4);
    stl.writeUInt16LE(0, base + 48);
  }
  stl.writeUInt32LE(triangles, 80);
  return stl;
}

describe('a worker killed mid-job', () => {
  let prisma: PrismaClient;
  let queues: QueueRegistry;
  let redis: ReturnType<typeof createRedis>;
  let smtp: SmtpProxy;
  let uploadDir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    const test = await testEnv();
    prisma = createPrisma(test.databaseUrl, { maxConnections: 3 });
    redis = createRedis(test.redisUrl);
    queues = createQueueRegistry(redis, test.queuePrefix);
    smtp = await startSmtpProxy(test.smtpPort);
    uploadDir = await mkdtemp(path.join(tmpdir(), 'worker-kill-'));
    // A short lock, so the survivor takes the job over within seconds rather than 30 s.
    env = await processEnv({
      UPLOAD_DIR: uploadDir,
      SMTP_PORT: String(smtp.port),
      JOB_LOCK_MS: '2000',
      EMAIL_CLAIM_LEASE_MS: '2000',
    });
  });
  afterEach(killLaunched);
  afterAll(async () => {
    await queues?.close();
    redis?.disconnect();
    await smtp?.close();
    await prisma?.$disconnect();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const pidOf = (worker: LaunchedProcess) => worker.child.pid;

  async function finishedJob(job: 'model.analyze' | 'email.send', eventId: string) {
    return eventually(async () => {
      const found = await queues.get(job).getJob(eventId);
      return found?.finishedOn ? found : undefined;
    }, 45_000);
  }

  it('model.analyze of a large file: finished once by the surviving worker', {
    timeout: 90_000,
  }, async () => {
    const user = await createUser(prisma);
    const uploadId = randomUUID();
    const filePath = path.posix.join('files', `${uploadId}.stl`);
    await mkdir(path.join(uploadDir, 'files'), { recursive: true });
    const stl = randomStl(1_200_000); // 60 MB
    await writeFile(path.join(uploadDir, filePath), stl);
    const doomed = await launchWorkers(env);
    const { fileId } = await recordFinishedUpload(prisma, {
      userId: user.id,
      uploadId,
      originalFileName: 'large.stl',
      fileSize: stl.length,
      filePath,
      sha256: 'not-checked-here',
      printRequestId: undefined,
      uploadBatch: undefined,
    });
    const event = await prisma.outboxEvent.findFirstOrThrow({
      where: { job: 'model.analyze', payload: { path: ['fileId'], equals: fileId } },
    });
    await eventually(async () => {
      const file = await prisma.projectFile.findUniqueOrThrow({ where: { id: fileId } });
      return file.analysisStatus === 'analyzing';
    }, 30_000);
    await doomed.kill();
    expect((await prisma.projectFile.findUniqueOrThrow({ where: { id: fileId } })).analysisStatus).toBe(
      'analyzing',
    );

    const survivor = await launchWorkers(env);
    const job = await finishedJob('model.analyze', event.id);
    expect(job.processedBy).toBe(`${hostname()}:${pidOf(survivor)}`);
    expect(job.failedReason).toBeFalsy();
    const file = await prisma.projectFile.findUniqueOrThrow({
      where: { id: fileId },
      include: { analysis: true },
    });
    expect(file.analysisStatus).toBe('ready');
    expect(file.analysis?.triangleCount).toBe(1_200_000);
    expect(await prisma.fileAnalysis.count({ where: { fileId } })).toBe(1);
  });

  it('email.send killed before the server greeted: sent once by the surviving worker', {
    timeout: 60_000,
  }, async () => {
    const to = `killed-early-${randomUUID().slice(0, 8)}@example.test`;
    smtp.stall('beforeGreeting');
    const doomed = await launchWorkers(env);
    const eventId = await prisma.$transaction((tx) =>
      recordJob(tx, 'email.send', {
        messageKey: `kill:${to}`,
        to,
        subject: 'Your print shipped',
        text: 'On its way.',
      }),
    );
    await smtp.stalled();
    expect((await prisma.emailLog.findUniqueOrThrow({ where: { messageKey: `kill:${to}` } })).status).toBe(
      'sending',
    );
    await doomed.kill();

    smtp.stall('none');
    await launchWorkers(env);
    const job = await finishedJob('email.send', eventId);
    expect(job.returnvalue).toBe('done');
    const log = await prisma.emailLog.findUniqueOrThrow({ where: { messageKey: `kill:${to}` } });
    expect(log.status).toBe('sent');
    expect((await emailsTo(to)).map((mail) => mail.subject)).toEqual(['Your print shipped']);
  });

  it('email.send killed after the server took the message: never sent twice', {
    timeout: 60_000,
  }, async () => {
    const to = `killed-late-${randomUUID().slice(0, 8)}@example.test`;
    smtp.stall('afterData');
    const doomed = await launchWorkers(env);
    const eventId = await prisma.$transaction((tx) =>
      recordJob(tx, 'email.send', {
        messageKey: `kill:${to}`,
        to,
        subject: 'Your print shipped',
        text: 'On its way.',
      }),
    );
    await smtp.stalled();
    await eventually(async () => (await emailsTo(to)).length === 1);
    await doomed.kill();

    smtp.stall('none');
    await launchWorkers(env);
    const job = await finishedJob('email.send', eventId);
    expect(job.returnvalue).toBe('skipped');
    expect(await emailsTo(to)).toHaveLength(1);
    const log = await prisma.emailLog.findUniqueOrThrow({ where: { messageKey: `kill:${to}` } });
    expect(log.handedOverAt).not.toBeNull();
  });
});
