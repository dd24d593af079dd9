// 'Request again' (issue 25, defect 11): a cancelled request, or one that shipped, starts a new draft
// with the same files, quantities and choices and their analyses, so it can be quoted without uploading
// again; a second click finds the same draft; the copies share the stored bytes, which stay until the
// last row using them is deleted, and count once against the storage quota.
import { mkdtempSync } from 'node:fs';
import { readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { createUpload } from '../../ops/fixtures/tus.ts';
import {
  call,
  createDraftRequest,
  createFarm,
  submitAndQuote,
  uploadedRequest,
} from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';

const CUBE = path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl');
const CUBE_BYTES = 684;
const workDir = mkdtempSync(path.join(tmpdir(), 'request-again-'));

describe('Request again', () => {
  const uploadDir = path.join(workDir, 'uploads');
  const server = useServerSuite({
    apiEnv: {
      UPLOAD_DIR: uploadDir,
      RATE_LIMIT_DISABLED: 'true',
      UPLOAD_QUOTA_BYTES: String(CUBE_BYTES * 2.5),
    },
    workers: { env: { UPLOAD_DIR: uploadDir } },
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));
  const url = (p: string) => `${server.api.url}${p}`;

  it('copies a cancelled request with its files and choices into a draft that quotes at once', async () => {
    const user = await createUser(server.api.prisma, { firstName: 'Ada' });
    const cookie = await signIn(server.api.url, user.email, user.password);
    await createFarm(server.api.prisma, { zip: '78701' });
    const first = await uploadedRequest(
      server.api.url,
      cookie,
      await readFile(CUBE),
      'cube-20mm.stl',
      '78701',
    );
    const fileId = first.files[0]?.id as string;
    const chosen = await call<PrintRequestView>(url(`/api/print-requests/${first.id}`), cookie, 'PATCH', {
      layerHeightMm: 0.28,
      notes: 'Sand the top face',
      files: [{ id: fileId, quantity: 3 }],
    });
    expect(chosen.status).toBe(200);

    // Not while it is a draft: nothing to redo yet, and nothing is made.
    const early = await call<{ message: string }>(
      url(`/api/print-requests/${first.id}/again`),
      cookie,
      'POST',
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Only a cancelled, shipped or completed request can be requested again; this one is draft',
    );
    const cancelled = await call(url(`/api/print-requests/${first.id}/cancel`), cookie, 'POST', {
      reason: 'Wrong colour',
    });
    expect(cancelled.status).toBe(200);

    const again = await call<PrintRequestView>(url(`/api/print-requests/${first.id}/again`), cookie, 'POST');
    expect(again.status).toBe(201);
    expect(again.body.id).not.toBe(first.id);
    expect(again.body).toMatchObject({
      status: 'draft',
      title: first.title,
      material: 'PLA',
      layerHeightMm: 0.28,
      notes: 'Sand the top face',
      shipToZip: '78701',
    });
    expect(again.body.statusHistory.map((change) => change.note)).toEqual([
      `Requested again from “${first.title}”`,
    ]);
    const [copy] = again.body.files;
    expect(again.body.files).toHaveLength(1);
    expect(copy).toMatchObject({ fileName: 'cube-20mm.stl', quantity: 3, analysisStatus: 'ready' });
    expect(copy?.id).not.toBe(fileId);
    expect(copy?.analysis?.volumeCm3).toBeCloseTo(8, 3);

    // A second click (or another tab) answers the same draft.
    const twice = await call<PrintRequestView>(url(`/api/print-requests/${first.id}/again`), cookie, 'POST');
    expect(twice.status).toBe(200);
    expect(twice.body.id).toBe(again.body.id);
    expect(await server.api.prisma.customPrintRequest.count({ where: { againOfId: first.id } })).toBe(1);

    // The copy is whole: it quotes without a new upload, and its file downloads.
    expect((await submitAndQuote(server.api.url, cookie, again.body.id)).status).toBe('quoted');
    const download = await fetch(url(`/api/project-files/${copy?.id}/download`), { headers: { cookie } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(await readFile(CUBE))).toBe(true);

    // The stored bytes count once against the quota (2.5 cubes here): another cube still fits.
    const stored = await server.api.prisma.projectFile.findUniqueOrThrow({ where: { id: fileId } });
    const another = await createUpload(server.api.url, cookie, stored.fileSize, { filename: 'cube.stl' });
    expect(another.status).toBe(201);

    // The bytes go only with the last row that uses them.
    const bytes = path.join(uploadDir, stored.filePath);
    expect((await call(url(`/api/project-files/${fileId}`), cookie, 'DELETE')).status).toBe(204);
    expect((await stat(bytes)).size).toBe(stored.fileSize);
    const stillThere = await fetch(url(`/api/project-files/${copy?.id}/download`), { headers: { cookie } });
    expect(stillThere.status).toBe(200);
    await stillThere.arrayBuffer();
  });

  it('lets only the owner ask, and only for a request with files', async () => {
    const owner = await createUser(server.api.prisma);
    const other = await createUser(server.api.prisma);
    const ownerCookie = await signIn(server.api.url, owner.email, owner.password);
    const otherCookie = await signIn(server.api.url, other.email, other.password);
    const request = await createDraftRequest(server.api.prisma, owner.id, { zip: '78701' });
    await server.api.prisma.customPrintRequest.update({
      where: { id: request.id },
      data: { status: 'cancelled' },
    });
    const path = `/api/print-requests/${request.id}/again`;
    expect((await call(url(path), otherCookie, 'POST')).status).toBe(404);
    expect((await call(url('/api/print-requests/not-a-request/again'), ownerCookie, 'POST')).status).toBe(
      404,
    );
    expect(await server.api.prisma.customPrintRequest.count({ where: { againOfId: request.id } })).toBe(0);

    await server.api.prisma.projectFile.updateMany({
      where: { printRequestId: request.id },
      data: { deletedAt: new Date() },
    });
    const empty = await call<{ message: string }>(url(path), ownerCookie, 'POST');
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe('This request has no files left to print again');
  });
});
