// The upload quota: uploads in progress at once, bytes of designs stored, and how fast a user may
// start uploads. Each refusal is a clear 4xx that the upload dialog shows, and writes nothing.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { binaryStlCube, createUpload, uploadUrl, uploadWhole } from '../../ops/fixtures/tus.ts';
import { eventually, startApi, type TestApi } from '../support/server.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };

async function newCustomer(api: TestApi): Promise<{ id: string; cookie: string }> {
  const user = await createUser(api.prisma);
  return { id: user.id, cookie: await signIn(api.url, user.email, user.password) };
}

describe('upload quota', () => {
  let api: TestApi;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-quota-'));
    api = await startApi({
      env: { UPLOAD_DIR: uploadDir, UPLOAD_QUOTA_BYTES: '20000', RATE_LIMIT_DISABLED: 'true' },
    });
  });
  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const tusFiles = async () => (await readdir(path.join(uploadDir, 'tus')).catch(() => [])).length;

  it('allows five uploads in progress; the sixth is refused with 429 and writes nothing', async () => {
    const { id, cookie } = await newCustomer(api);
    const open: Response[] = [];
    for (let i = 0; i < 5; i += 1)
      open.push(await createUpload(api.url, cookie, 100, { filename: `part${i}.stl` }));
    expect(open.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
    const rows = await api.prisma.openUpload.count({ where: { userId: id } });
    const files = await tusFiles();

    const sixth = await createUpload(api.url, cookie, 100, { filename: 'part5.stl' });
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toEqual({
      message:
        'You already have 5 uploads in progress. Let one finish, or remove one, before starting another.',
      fields: {},
    });
    expect(await api.prisma.openUpload.count({ where: { userId: id } })).toBe(rows);
    expect(await tusFiles()).toBe(files);

    // Cancelling one (tus DELETE) frees its place.
    const first = open[0];
    if (!first) throw new Error('no upload');
    const cancelled = await fetch(uploadUrl(api.url, first), {
      method: 'DELETE',
      headers: { ...TUS, cookie },
    });
    expect(cancelled.status).toBe(204);
    await eventually(async () => (await api.prisma.openUpload.count({ where: { userId: id } })) === 4);
    expect((await createUpload(api.url, cookie, 100, { filename: 'again.stl' })).status).toBe(201);
  });

  it('counts an upload once: finishing it swaps the open upload for the stored file', async () => {
    const { id, cookie } = await newCustomer(api);
    const cube = binaryStlCube(20);
    await uploadWhole(api.url, cookie, cube, { filename: 'cube.stl' });
    expect(await api.prisma.openUpload.count({ where: { userId: id } })).toBe(0);
    expect(await api.prisma.projectFile.count({ where: { userId: id } })).toBe(1);
  });

  it('refuses a file that would pass the storage quota with 413, counting stored and open bytes', async () => {
    const { id, cookie } = await newCustomer(api);
    // 20,000 bytes allowed: one stored file counted as 12,084 bytes and one open upload of 5,000.
    await uploadWhole(api.url, cookie, binaryStlCube(20), { filename: 'cube.stl' });
    await api.prisma.projectFile.updateMany({ where: { userId: id }, data: { fileSize: 12_084 } });
    expect((await createUpload(api.url, cookie, 5_000, { filename: 'open.stl' })).status).toBe(201);
    const rows = await api.prisma.openUpload.count({ where: { userId: id } });

    const tooBig = await createUpload(api.url, cookie, 3_000, { filename: 'big.stl' });
    expect(tooBig.status).toBe(413);
    expect(((await tooBig.json()) as { message: string }).message).toBe(
      'This file does not fit in your 19.5 KB of design storage (16.7 KB used). Delete designs you no longer need to make room.',
    );
    expect(await api.prisma.openUpload.count({ where: { userId: id } })).toBe(rows);
    expect((await createUpload(api.url, cookie, 2_900, { filename: 'fits.stl' })).status).toBe(201);
  });

  it('holds under parallel starts: ten at once, exactly five go through', async () => {
    const { id, cookie } = await newCustomer(api);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createUpload(api.url, cookie, 100, { filename: `p${i}.stl` })),
    );
    const statuses = answers.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await api.prisma.openUpload.count({ where: { userId: id } })).toBe(5);
  });
});

describe('upload quota over time', () => {
  let api: TestApi;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-rate-'));
    api = await startApi({
      env: { UPLOAD_DIR: uploadDir, UPLOAD_STARTS_PER_10_MIN: '3', UPLOAD_EXPIRATION_MS: '1500' },
    });
    // The rate limiter fails open while the API's Redis client is still connecting.
    await eventually(
      async () => ((await (await fetch(`${api.url}/api/health`)).json()) as { redis: string }).redis === 'ok',
    );
  });
  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  it('limits how many uploads a user starts per 10 minutes, for that user only', async () => {
    const { cookie } = await newCustomer(api);
    for (let i = 0; i < 3; i += 1) {
      expect((await createUpload(api.url, cookie, 100, { filename: `r${i}.stl` })).status).toBe(201);
    }
    const fourth = await createUpload(api.url, cookie, 100, { filename: 'r3.stl' });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await fourth.json()) as { message: string }).message).toMatch(
      /^Too many attempts\. Please try again in \d+ seconds\.$/,
    );
    const other = await newCustomer(api);
    expect((await createUpload(api.url, other.cookie, 100, { filename: 'x.stl' })).status).toBe(201);
  });

  it('stops counting uploads once they expire', async () => {
    const { id, cookie } = await newCustomer(api);
    await api.prisma.openUpload.createMany({
      data: Array.from({ length: 5 }, (_, i) => ({
        id: `stale-${id}-${i}`,
        userId: id,
        size: 100n,
        expiresAt: new Date(Date.now() - 1_000),
      })),
    });
    expect((await createUpload(api.url, cookie, 100, { filename: 'fresh.stl' })).status).toBe(201);
  });
});
