// An upload the API refuses leaves nothing behind: a request that takes no more files is refused
// before any bytes are sent, and a refusal when the upload finishes deletes the bytes it had stored
// (they would otherwise sit on disk, counted by no quota).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import {
  binaryStlCube,
  createUpload,
  headUpload,
  patchUpload,
  uploadUrl,
  uploadWhole,
} from '../../ops/fixtures/tus.ts';
import { startApi, type TestApi } from '../support/server.ts';

const CANCELLED = 'You cannot add files to a request that is cancelled';

describe('refused uploads', () => {
  let api: TestApi;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-refused-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir, RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const tusFiles = () => readdir(path.join(uploadDir, 'tus')).catch(() => [] as string[]);

  /** A signed-in customer with a draft request of their own (made by uploading a first file). */
  async function customerWithRequest(): Promise<{ userId: string; cookie: string; requestId: string }> {
    const user = await createUser(api.prisma);
    const cookie = await signIn(api.url, user.email, user.password);
    const { finished } = await uploadWhole(api.url, cookie, binaryStlCube(10), { filename: 'first.stl' });
    const requestId = finished.headers.get('upload-print-request-id');
    if (!requestId) throw new Error('no request');
    return { userId: user.id, cookie, requestId };
  }

  const cancel = (requestId: string) =>
    api.prisma.customPrintRequest.update({ where: { id: requestId }, data: { status: 'cancelled' } });

  it('refuses to start an upload into a cancelled request, before any bytes, with 409', async () => {
    const { userId, cookie, requestId } = await customerWithRequest();
    await cancel(requestId);
    const before = await tusFiles();

    const created = await createUpload(api.url, cookie, 684, {
      filename: 'late.stl',
      printRequestId: requestId,
    });
    expect(created.status).toBe(409);
    expect(await created.json()).toEqual({ message: CANCELLED, fields: {} });
    // (The first file's tus copy may be tidied away meanwhile; nothing new may appear.)
    expect((await tusFiles()).filter((name) => !before.includes(name))).toEqual([]);
    expect(await api.prisma.openUpload.count({ where: { userId } })).toBe(0);
  });

  it('deletes the stored bytes when the request is cancelled while the upload is under way', async () => {
    const { userId, cookie, requestId } = await customerWithRequest();
    const cube = binaryStlCube(20);
    const created = await createUpload(api.url, cookie, cube.length, {
      filename: 'lid.stl',
      printRequestId: requestId,
    });
    expect(created.status).toBe(201);
    const url = uploadUrl(api.url, created);
    const uploadId = url.split('/').pop() ?? '';
    const half = Math.floor(cube.length / 2);
    expect((await patchUpload(url, cookie, 0, cube.subarray(0, half))).status).toBe(204);
    expect((await tusFiles()).some((name) => name.startsWith(uploadId))).toBe(true);

    await cancel(requestId);
    const rest = await patchUpload(url, cookie, half, cube.subarray(half));
    expect(rest.status).toBe(409);
    expect(await rest.json()).toEqual({ message: CANCELLED, fields: {} });

    expect((await tusFiles()).filter((name) => name.startsWith(uploadId))).toEqual([]);
    expect((await headUpload(url, cookie)).status).toBe(404);
    expect(await api.prisma.openUpload.count({ where: { userId } })).toBe(0);
    expect(await api.prisma.projectFile.count({ where: { uploadId } })).toBe(0);
  });
});
