// An upload's address is /api/uploads/<id> and nothing more: the id the ownership check reads is the
// one @tus/server acts on, so a query string or a further segment cannot point tus at someone else's.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { createUpload, headUpload, patchUpload, uploadUrl } from '../../ops/fixtures/tus.ts';
import { startApi, type TestApi } from '../support/server.ts';

const TUS = { 'Tus-Resumable': '1.0.0' };

describe('upload addresses', () => {
  let api: TestApi;
  let uploadDir: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-address-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir, RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  async function customer(): Promise<string> {
    const user = await createUser(api.prisma);
    return signIn(api.url, user.email, user.password);
  }

  it('refuses a query string or a further segment after the caller’s own upload id', async () => {
    const attackerCookie = await customer();
    const victimCookie = await customer();
    const own = await createUpload(api.url, attackerCookie, 1000, { filename: 'mine.stl' });
    const victim = await createUpload(api.url, victimCookie, 1000, { filename: 'theirs.stl' });
    expect([own.status, victim.status]).toEqual([201, 201]);
    const ownUrl = uploadUrl(api.url, own);
    const victimUrl = uploadUrl(api.url, victim);
    const victimId = victimUrl.split('/').pop();

    for (const url of [`${ownUrl}?/${victimId}`, `${ownUrl}?x=/${victimId}`, `${ownUrl}/${victimId}`]) {
      const head = await headUpload(url, attackerCookie);
      expect([400, 404], `HEAD ${url}`).toContain(head.status);
      expect(head.headers.get('upload-metadata')).toBeNull();

      const patch = await patchUpload(url, attackerCookie, 0, Buffer.from('solid stolen\n'));
      expect([400, 404], `PATCH ${url}`).toContain(patch.status);
      expect(await patch.json()).toEqual({ message: expect.any(String), fields: {} });

      const removed = await fetch(url, { method: 'DELETE', headers: { ...TUS, cookie: attackerCookie } });
      expect([400, 404], `DELETE ${url}`).toContain(removed.status);
      expect(await removed.json()).toEqual({ message: expect.any(String), fields: {} });
    }

    const victimHead = await headUpload(victimUrl, victimCookie);
    expect(victimHead.status).toBe(200);
    expect(victimHead.headers.get('upload-offset')).toBe('0');
    expect(await api.prisma.openUpload.count({ where: { id: victimId ?? '' } })).toBe(1);
    // The caller's own upload is untouched too, and still answers at its plain address.
    const ownHead = await headUpload(ownUrl, attackerCookie);
    expect(ownHead.status).toBe(200);
    expect(ownHead.headers.get('upload-offset')).toBe('0');
  });
});
