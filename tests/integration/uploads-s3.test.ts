// Uploads kept in S3 instead of local disk, against an S3-protocol server (s3rver): the analysis job
// fetches and measures the object, the owner downloads the same bytes, and deleting the file removes the
// object and its tus metadata. s3rver lacks the multipart calls @tus/s3-store writes with, so the object
// is put here the way that store leaves a finished upload (key = upload id, metadata at `<id>.info`).
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { binaryStlCube } from '../../ops/fixtures/tus.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

const BUCKET = 'printfarm-designs';
let s3: S3rver;
let folder: string;
let api: TestApi;
let workers: TestWorkers;
let client: S3Client;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 's3-test-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(folder, 'bucket') });
  const { port } = await s3.run();
  const env = {
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    // Nothing may reach local disk: point it somewhere empty.
    UPLOAD_DIR: path.join(folder, 'unused'),
  };
  client = new S3Client({
    region: 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  api = await startApi({ env });
  workers = await startWorkers({ env });
}, 120_000);

afterAll(async () => {
  await workers?.close();
  await api?.close();
  await s3?.close();
  client?.destroy();
  await rm(folder, { recursive: true, force: true });
});

it('analyses an upload kept in S3, serves it back to its owner and deletes it', async () => {
  const owner = await createUser(api.prisma);
  const cookie = await signIn(api.url, owner.email);
  const cube = binaryStlCube(20);
  const uploadId = 'a1b2c3d4e5f6';
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: uploadId, Body: cube }));
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: `${uploadId}.info`, Body: '{}' }));

  const file = await api.prisma.$transaction(async (tx) => {
    const request = await tx.customPrintRequest.create({
      data: { userId: owner.id, title: 'cube.stl', status: 'draft', specifications: {} },
    });
    const created = await tx.projectFile.create({
      data: {
        printRequestId: request.id,
        userId: owner.id,
        fileName: 'cube.stl',
        originalFileName: 'cube.stl',
        fileType: 'stl',
        fileSize: cube.length,
        filePath: uploadId,
        uploadId,
        isMainFile: true,
      },
    });
    await recordJob(tx, 'model.analyze', { fileId: created.id });
    return created;
  });

  const analysis = await eventually(
    () => api.prisma.fileAnalysis.findUnique({ where: { fileId: file.id } }).then((row) => row ?? undefined),
    30_000,
  );
  expect(analysis.rejectReason).toBeNull();
  expect(analysis.volumeCm3).toBeCloseTo(8, 3);

  const download = await fetch(`${api.url}/api/project-files/${file.id}/download`, { headers: { cookie } });
  expect(download.status).toBe(200);
  expect(download.headers.get('content-length')).toBe(String(cube.length));
  const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');
  expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(cube));

  const removed = await fetch(`${api.url}/api/project-files/${file.id}`, {
    method: 'DELETE',
    headers: { cookie },
  });
  expect(removed.status).toBe(204);
  for (const key of [uploadId, `${uploadId}.info`]) {
    await expect(client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).rejects.toMatchObject({
      name: 'NotFound',
    });
  }
}, 90_000);

it('rejects the file with a clear reason when its object is gone', async () => {
  const owner = await createUser(api.prisma);
  const file = await api.prisma.$transaction(async (tx) => {
    const request = await tx.customPrintRequest.create({
      data: { userId: owner.id, title: 'gone.stl', status: 'draft', specifications: {} },
    });
    const created = await tx.projectFile.create({
      data: {
        printRequestId: request.id,
        userId: owner.id,
        fileName: 'gone.stl',
        originalFileName: 'gone.stl',
        fileType: 'stl',
        fileSize: 100,
        filePath: 'no-such-object',
        uploadId: 'no-such-object',
      },
    });
    await recordJob(tx, 'model.analyze', { fileId: created.id });
    return created;
  });
  const analysis = await eventually(
    () => api.prisma.fileAnalysis.findUnique({ where: { fileId: file.id } }).then((row) => row ?? undefined),
    30_000,
  );
  expect(analysis.rejectReason).toBe('The uploaded file is missing from storage; please upload it again');
});
