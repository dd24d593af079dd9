// Resumable uploads (tus) end to end against the real API: resume after a cut, limits, ownership,
// and the one project_files row + one model.analyze outbox event a finished upload leaves behind.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import {
  binaryStlCube,
  createUpload,
  headUpload,
  patchUpload,
  uploadUrl,
  uploadWhole,
} from '../../ops/fixtures/tus.ts';
import { startApi, type TestApi } from '../support/server.ts';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** A binary STL whose triangle count matches its length, filled with random triangles. */
function randomBinaryStl(triangles: number): Buffer {
  const buffer = Buffer.concat([Buffer.alloc(84), randomBytes(triangles * 50)]);
  buffer.write('random test solid', 0, 'latin1');
  buffer.writeUInt32LE(triangles, 80);
  return buffer;
}

describe('tus uploads', () => {
  let api: TestApi;
  let uploadDir: string;
  let owner: TestUser;
  let other: TestUser;
  let ownerCookie: string;
  let otherCookie: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'uploads-test-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir } });
    owner = await createUser(api.prisma, { firstName: 'Olive' });
    other = await createUser(api.prisma, { firstName: 'Oscar' });
    ownerCookie = await signIn(api.url, owner.email, owner.password);
    otherCookie = await signIn(api.url, other.email, other.password);
  });

  afterAll(async () => {
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  it('refuses anonymous callers with 401', async () => {
    const created = await createUpload(api.url, undefined, 100, { filename: 'part.stl' });
    expect(created.status).toBe(401);
    expect(await created.json()).toMatchObject({ message: expect.any(String) });
    const endpoint = await fetch(`${api.url}/api/objects/upload`, { method: 'POST' });
    expect(endpoint.status).toBe(401);
  });

  it('tells a signed-in user where to upload', async () => {
    const response = await fetch(`${api.url}/api/objects/upload`, {
      method: 'POST',
      headers: { cookie: ownerCookie },
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { uploadURL: string };
    expect(body.uploadURL).toMatch(/\/api\/uploads$/);
  });

  it('refuses 101 MB at creation with 413 and a wrong extension with 415', async () => {
    const tooBig = await createUpload(api.url, ownerCookie, 101 * 1024 * 1024, { filename: 'huge.stl' });
    expect(tooBig.status).toBe(413);
    const wrongType = await createUpload(api.url, ownerCookie, 1000, { filename: 'notes.exe' });
    expect(wrongType.status).toBe(415);
    expect(((await wrongType.json()) as { message: string }).message).toContain('.stl');
    const noName = await createUpload(api.url, ownerCookie, 1000, {});
    expect([400, 415]).toContain(noName.status);
    expect(await api.prisma.projectFile.count()).toBe(0);
  });

  it('resumes an upload cut halfway; the stored file has the same SHA-256; one row and one job', async () => {
    const data = randomBinaryStl(6_000); // ~300 kB
    const created = await createUpload(api.url, ownerCookie, data.length, {
      filename: 'Gear_Housing.stl',
      filetype: 'model/stl',
      userId: other.id, // a client cannot choose the owner
    });
    expect(created.status).toBe(201);
    const url = uploadUrl(api.url, created);
    const half = Math.floor(data.length / 2);

    const first = await patchUpload(url, ownerCookie, 0, data.subarray(0, half));
    expect(first.status).toBe(204);
    // Someone else cannot see or continue this upload.
    expect((await headUpload(url, otherCookie)).status).toBe(404);
    expect((await patchUpload(url, otherCookie, half, data.subarray(half))).status).toBe(404);

    const head = await headUpload(url, ownerCookie);
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(half);

    const rest = await patchUpload(url, ownerCookie, offset, data.subarray(offset));
    expect(rest.status).toBe(204);
    const fileId = rest.headers.get('upload-file-id');
    expect(fileId).toBeTruthy();

    const files = await api.prisma.projectFile.findMany({ where: { userId: owner.id } });
    expect(files).toHaveLength(1);
    const file = files[0];
    if (!file) throw new Error('no file');
    expect(file.id).toBe(fileId);
    expect(file).toMatchObject({
      fileName: 'Gear_Housing.stl',
      fileType: 'stl',
      fileSize: data.length,
      isMainFile: true,
      analysisStatus: 'pending',
      sha256: sha256(data),
    });
    const stored = await readFile(path.join(uploadDir, file.filePath));
    expect(sha256(stored)).toBe(sha256(data));

    const request = await api.prisma.customPrintRequest.findUniqueOrThrow({
      where: { id: file.printRequestId },
      include: { statusHistory: true },
    });
    expect(request).toMatchObject({ userId: owner.id, status: 'draft', title: 'Gear Housing' });
    expect(request.statusHistory).toHaveLength(1);

    // Sending the last chunk again does not record the file twice.
    const again = await patchUpload(url, ownerCookie, offset, data.subarray(offset));
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await api.prisma.projectFile.count({ where: { uploadId: file.uploadId } })).toBe(1);

    const events = await api.prisma.outboxEvent.findMany({ where: { job: 'model.analyze' } });
    const forFile = events.filter((event) => (event.payload as { fileId?: string }).fileId === file.id);
    expect(forFile).toHaveLength(1);
  });

  it('adds a file to the owner’s own request and refuses someone else’s', async () => {
    const request = await api.prisma.customPrintRequest.findFirstOrThrow({ where: { userId: owner.id } });
    const cube = binaryStlCube(20);
    const { finished } = await uploadWhole(api.url, ownerCookie, cube, {
      filename: 'lid.stl',
      printRequestId: request.id,
    });
    expect(finished.headers.get('upload-print-request-id')).toBe(request.id);
    const lid = await api.prisma.projectFile.findFirstOrThrow({ where: { fileName: 'lid.stl' } });
    expect(lid).toMatchObject({ printRequestId: request.id, isMainFile: false });

    const foreign = await createUpload(api.url, otherCookie, cube.length, {
      filename: 'sneaky.stl',
      printRequestId: request.id,
    });
    expect(foreign.status).toBe(404);
  });

  it('puts the files of one upload batch in one new request, even when they finish at once', async () => {
    const maker = await createUser(api.prisma);
    const makerCookie = await signIn(api.url, maker.email, maker.password);
    const uploadBatch = crypto.randomUUID();
    const parts = ['base.stl', 'arm.stl', 'cap.stl'];
    const finished = await Promise.all(
      parts.map((filename, i) =>
        uploadWhole(api.url, makerCookie, binaryStlCube(10 + i), { filename, uploadBatch }),
      ),
    );
    const requestIds = new Set(finished.map((f) => f.finished.headers.get('upload-print-request-id')));
    expect(requestIds.size).toBe(1);
    const [requestId] = [...requestIds];
    const files = await api.prisma.projectFile.findMany({ where: { printRequestId: requestId ?? '' } });
    expect(files.map((f) => f.fileName).sort()).toEqual([...parts].sort());
    expect(files.filter((f) => f.isMainFile)).toHaveLength(1);
    expect(await api.prisma.customPrintRequest.count({ where: { uploadBatch } })).toBe(1);

    const bad = await createUpload(api.url, makerCookie, 84, {
      filename: 'x.stl',
      uploadBatch: 'not-a-batch',
    });
    expect(bad.status).toBe(400);
  });

  it('accepts a whole small file sent with the creation request (creation-with-upload)', async () => {
    const cube = binaryStlCube(10);
    const response = await fetch(`${api.url}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: ownerCookie,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(cube.length),
        'Upload-Metadata': `filename ${Buffer.from('small cube.stl').toString('base64')}`,
        'Content-Type': 'application/offset+octet-stream',
      },
      body: cube as Uint8Array<ArrayBuffer>,
    });
    expect(response.status).toBe(201);
    const fileId = response.headers.get('upload-file-id') ?? '';
    const file = await api.prisma.projectFile.findUniqueOrThrow({ where: { id: fileId } });
    expect(file.sha256).toBe(sha256(cube));
    expect(sha256(await readFile(path.join(uploadDir, file.filePath)))).toBe(sha256(cube));
    const deleted = await fetch(`${api.url}/api/project-files/${fileId}`, {
      method: 'DELETE',
      headers: { cookie: ownerCookie },
    });
    expect(deleted.status).toBe(204);
  });

  it('rejects a file whose bytes are plainly another format', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      randomBytes(400),
    ]);
    const created = await createUpload(api.url, ownerCookie, png.length, { filename: 'photo.stl' });
    const response = await patchUpload(uploadUrl(api.url, created), ownerCookie, 0, png);
    expect(response.status).toBe(415);
    expect(((await response.json()) as { message: string }).message).toContain('PNG');
    expect(await api.prisma.projectFile.count({ where: { fileName: 'photo.stl' } })).toBe(0);
  });

  it('lists, downloads and deletes files for their owner only', async () => {
    const list = await fetch(`${api.url}/api/project-files`, { headers: { cookie: ownerCookie } });
    expect(list.status).toBe(200);
    const files = (await list.json()) as { id: string; fileName: string; analysisStatus: string }[];
    expect(files.map((file) => file.fileName).sort()).toEqual(['Gear_Housing.stl', 'lid.stl']);
    const lidId = files.find((file) => file.fileName === 'lid.stl')?.id;
    if (!lidId) throw new Error('lid missing');

    const othersList = await fetch(`${api.url}/api/project-files`, { headers: { cookie: otherCookie } });
    expect(await othersList.json()).toEqual([]);
    expect(
      (await fetch(`${api.url}/api/project-files/${lidId}/download`, { headers: { cookie: otherCookie } }))
        .status,
    ).toBe(404);
    expect(
      (
        await fetch(`${api.url}/api/project-files/${lidId}`, {
          method: 'DELETE',
          headers: { cookie: otherCookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (await fetch(`${api.url}/api/project-files/not-an-id/download`, { headers: { cookie: ownerCookie } }))
        .status,
    ).toBe(404);

    const download = await fetch(`${api.url}/api/project-files/${lidId}/download`, {
      headers: { cookie: ownerCookie },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="lid.stl"/);
    expect(sha256(new Uint8Array(await download.arrayBuffer()))).toBe(sha256(binaryStlCube(20)));

    const lid = await api.prisma.projectFile.findUniqueOrThrow({ where: { id: lidId } });
    // Sent three times at once (a double click; found by the fuzz): one deletes, the others find it gone.
    const deletes = await Promise.all(
      [1, 2, 3].map(() =>
        fetch(`${api.url}/api/project-files/${lidId}`, {
          method: 'DELETE',
          headers: { cookie: ownerCookie },
        }),
      ),
    );
    expect(deletes.map((deleted) => deleted.status).sort()).toEqual([204, 404, 404]);
    expect(await api.prisma.projectFile.findUnique({ where: { id: lidId } })).toBeNull();
    await expect(stat(path.join(uploadDir, lid.filePath))).rejects.toThrow();
  });

  it('shows print requests to their owner only', async () => {
    const list = await fetch(`${api.url}/api/print-requests`, { headers: { cookie: ownerCookie } });
    const requests = (await list.json()) as {
      id: string;
      title: string;
      status: string;
      fileCount: number;
    }[];
    // Gear Housing (its lid was deleted) and the small cube's request (its file was deleted), newest first.
    expect(requests.map((request) => request.title)).toEqual(['small cube', 'Gear Housing']);
    const request = requests[1];
    if (!request) throw new Error('no request');
    expect(request).toMatchObject({ status: 'draft', fileCount: 1 });

    const detail = await fetch(`${api.url}/api/print-requests/${request.id}`, {
      headers: { cookie: ownerCookie },
    });
    expect(detail.status).toBe(200);
    expect(((await detail.json()) as { files: unknown[] }).files).toHaveLength(1);
    const foreign = await fetch(`${api.url}/api/print-requests/${request.id}`, {
      headers: { cookie: otherCookie },
    });
    expect(foreign.status).toBe(404);
    expect(
      await (await fetch(`${api.url}/api/print-requests`, { headers: { cookie: otherCookie } })).json(),
    ).toEqual([]);
    expect((await fetch(`${api.url}/api/print-requests`)).status).toBe(401);
  });
});
