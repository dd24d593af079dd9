// Two API processes share uploads: the bytes on one disk (or S3) and the tus lock in Redis. An upload
// started on one is resumed on the other, and a lock held in one is released when the other asks.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisLocker } from '../../api/src/uploads/redisLocker.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { createUpload, headUpload, patchUpload, uploadUrl } from '../../ops/fixtures/tus.ts';
import { testEnv } from '../support/env.ts';
import { eventually, startApi, type TestApi } from '../support/server.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('uploads shared by two API processes', () => {
  let first: TestApi;
  let second: TestApi;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-shared-'));
    first = await startApi({ env: { UPLOAD_DIR: uploadDir } });
    second = await startApi({ env: { UPLOAD_DIR: uploadDir } });
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  it('resumes on the second process an upload begun on the first', async () => {
    const user = await createUser(first.prisma);
    const cookie = await signIn(first.url, user.email, user.password);
    const data = Buffer.concat([Buffer.from('solid shared\n'), randomBytes(200_000)]);
    const created = await createUpload(first.url, cookie, data.length, { filename: 'shared.stl' });
    expect(created.status).toBe(201);
    const path1 = new URL(uploadUrl(first.url, created)).pathname;
    const half = 100_000;
    expect((await patchUpload(`${first.url}${path1}`, cookie, 0, data.subarray(0, half))).status).toBe(204);

    const head = await headUpload(`${second.url}${path1}`, cookie);
    expect(Number(head.headers.get('upload-offset'))).toBe(half);
    const rest = await patchUpload(`${second.url}${path1}`, cookie, half, data.subarray(half));
    expect(rest.status).toBe(204);
    const file = await second.prisma.projectFile.findUniqueOrThrow({
      where: { id: rest.headers.get('upload-file-id') ?? '' },
    });
    expect(sha256(await readFile(path.join(uploadDir, file.filePath)))).toBe(sha256(data));
  });

  it('deletes unfinished uploads once they expire', async () => {
    const expiring = await startApi({
      // Long enough for the first PATCH to arrive in time on a busy machine (1 s was not, once).
      env: { UPLOAD_DIR: uploadDir, UPLOAD_EXPIRATION_MS: '3000', UPLOAD_CLEANUP_INTERVAL_MS: '1000' },
    });
    try {
      const user = await createUser(expiring.prisma);
      const cookie = await signIn(expiring.url, user.email, user.password);
      const created = await createUpload(expiring.url, cookie, 1_000, { filename: 'abandoned.stl' });
      const url = uploadUrl(expiring.url, created);
      expect((await patchUpload(url, cookie, 0, randomBytes(400))).status).toBe(204);
      const id = new URL(url).pathname.split('/').pop() ?? '';
      await eventually(async () => !(await stat(path.join(uploadDir, 'tus', id)).catch(() => null)), 20_000);
      expect((await headUpload(url, cookie)).status).toBe(404);
    } finally {
      await expiring.close();
    }
  });

  it('hands a lock over between processes: the holder is asked to let go', async () => {
    const { redisUrl, queuePrefix } = await testEnv();
    const redisA = createRedis(redisUrl);
    const redisB = createRedis(redisUrl);
    // createRedis queues nothing while connecting, so wait until both connections are ready.
    await Promise.all(
      [redisA, redisB].map((redis) =>
        redis.status === 'ready' ? undefined : new Promise((resolve) => redis.once('ready', resolve)),
      ),
    );
    try {
      const options = { keyPrefix: `${queuePrefix}:tus-test`, watchMs: 20, acquireTimeoutMs: 5_000 };
      const lockA = new RedisLocker(redisA, options).newLock('upload-1');
      const lockB = new RedisLocker(redisB, options).newLock('upload-1');
      let releaseAsked = false;
      await lockA.lock(new AbortController().signal, () => {
        releaseAsked = true;
        void lockA.unlock();
      });
      let bHolds = false;
      const acquiring = lockB
        .lock(new AbortController().signal, () => {})
        .then(() => {
          bHolds = true;
        });
      await acquiring;
      expect(releaseAsked).toBe(true);
      expect(bHolds).toBe(true);
      // A timed-out waiter gets tus's lock timeout, not a hang.
      const lockC = new RedisLocker(redisA, { ...options, acquireTimeoutMs: 200 }).newLock('upload-1');
      await expect(lockC.lock(new AbortController().signal, () => {})).rejects.toMatchObject({
        status_code: 500,
      });
      await lockB.unlock();
    } finally {
      redisA.disconnect();
      redisB.disconnect();
    }
  });
});
