// A worker process killed with SIGKILL in the middle of a job: another worker process takes the job
// over once its lock expires and finishes it exactly once, with no second e-mail.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordFinishedUpload } from '../../api/src/services/projectFiles.ts';
import { createPrisma, type PrismaClient } from '../../db/src/index.ts';
import { createQueueRegistry, type QueueRegistry, recordJob } from '../../db/src/outbox/index.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser } from '../../ops/fixtures/auth.ts';
import { testEnv } from '../support/env.ts';
import { emailsTo } from '../support/maildev.ts';
import { killLaunched, type LaunchedProcess, launchWorkers, processEnv } from '../support/processes.ts';
import { eventually } from '../support/server.ts';
import { type SmtpProxy, startSmtpProxy } from '../support/smtpProxy.ts';

/** A binary STL of `triangles` random triangles: nothing welds, so the analysis has real work to do. */
function randomStl(triangles: number): Buffer {
  const stl = Buffer.alloc(84 + triangles * 50);
  const view = new DataView(stl.buffer, stl.byteOffset, stl.byteLength);
  view.setUint32(80, triangles, true);
  for (let i = 0; i < triangles; i += 1) {
    for (let f = 0; f < 12; f += 1) view.setFloat32(84 + i * 50 + f * 4, Math.random() * 100, true);
  }
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
    timeout: 150_000,
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
    await eventually(
      async () => {
        const file = await prisma.projectFile.findUniqueOrThrow({ where: { id: fileId } });
        return file.analysisStatus === 'analyzing';
      },
      30_000,
      10,
    );
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

  /**
   * Records an e-mail while the only worker's SMTP conversation stalls at `point`, kills that worker
   * there, and starts another with a working SMTP server: resolves with the job once it has finished.
   */
  async function emailKilledAt(point: 'beforeGreeting' | 'afterData') {
    const to = `killed-${point}-${randomUUID().slice(0, 8)}@example.test`;
    const messageKey = `kill:${to}`;
    smtp.stall(point);
    const doomed = await launchWorkers(env);
    const eventId = await prisma.$transaction((tx) =>
      recordJob(tx, 'email.send', { messageKey, to, subject: 'Your print shipped', text: 'On its way.' }),
    );
    await smtp.stalled();
    const before = await prisma.emailLog.findUniqueOrThrow({ where: { messageKey } });
    // After the data, wait for MailDev to hold it: the server has the message, the worker never heard.
    if (point === 'afterData') await eventually(async () => (await emailsTo(to)).length === 1);
    await doomed.kill();
    smtp.stall('none');
    await launchWorkers(env);
    const job = await finishedJob('email.send', eventId);
    const after = await prisma.emailLog.findUniqueOrThrow({ where: { messageKey } });
    return { to, job, before, after };
  }

  it('email.send killed before the server greeted: sent once by the surviving worker', {
    timeout: 60_000,
  }, async () => {
    const { to, job, before, after } = await emailKilledAt('beforeGreeting');
    expect(before.status).toBe('sending');
    expect(before.handedOverAt).toBeNull();
    expect(job.returnvalue).toBe('done');
    expect(after.status).toBe('sent');
    expect((await emailsTo(to)).map((mail) => mail.subject)).toEqual(['Your print shipped']);
  });

  it('email.send killed after the server took the message: never sent twice', {
    timeout: 60_000,
  }, async () => {
    const { to, job, after } = await emailKilledAt('afterData');
    expect(job.returnvalue).toBe('skipped');
    expect(after.handedOverAt).not.toBeNull();
    expect(await emailsTo(to)).toHaveLength(1);
  });
});
