// model.analyze end to end: project_files rows point at files in a temporary UPLOAD_DIR, the outbox
// records the jobs, the real workers analyse them in worker threads and write file_analyses.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MeshInspection } from '@printfarm/domain/inspection';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { createUser } from '../../ops/fixtures/auth.ts';
import {
  binaryStl,
  cube3mf,
  cubeMesh,
  inverted,
  obj,
  opened,
  plyAscii,
  randomBytes,
  threeMf,
  triangles,
} from '../../ops/fixtures/models/builders.ts';
import { cup, timingSphereStl } from '../../ops/fixtures/models/printability.ts';
import { stepBox } from '../fixtures/models/step.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

describe('model.analyze job', () => {
  let api: TestApi;
  let workers: TestWorkers;
  let uploadDir: string;
  let userId: string;
  let printRequestId: string;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'printfarm-uploads-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir } });
    workers = await startWorkers({ env: { UPLOAD_DIR: uploadDir, WORKER_CONCURRENCY: '4' } });
    userId = (await createUser(api.prisma, { firstName: 'Ada' })).id;
    const request = await api.prisma.customPrintRequest.create({
      data: { userId, title: 'Analysis test', specifications: {}, status: 'draft' },
    });
    printRequestId = request.id;
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  /** Stores bytes the way the upload flow does and records the analysis job in the same transaction. */
  async function upload(name: string, bytes: Uint8Array | undefined): Promise<string> {
    const uploadId = randomUUID().replaceAll('-', '');
    const filePath = `${userId}/${uploadId}`;
    if (bytes) {
      await mkdir(path.join(uploadDir, userId), { recursive: true });
      await writeFile(path.join(uploadDir, filePath), bytes);
    }
    return api.prisma.$transaction(async (tx) => {
      const file = await tx.projectFile.create({
        data: {
          printRequestId,
          userId,
          uploadId,
          fileName: name,
          originalFileName: name,
          fileType: path.extname(name).slice(1),
          fileSize: bytes?.length ?? 0,
          filePath,
        },
      });
      await recordJob(tx, 'model.analyze', { fileId: file.id });
      return file.id;
    });
  }

  async function settled(fileId: string) {
    return eventually(async () => {
      const file = await api.prisma.projectFile.findUniqueOrThrow({
        where: { id: fileId },
        include: { analysis: true },
      });
      return file.analysis && (file.analysisStatus === 'ready' || file.analysisStatus === 'rejected')
        ? file
        : undefined;
    }, 60_000);
  }

  it('measures a good file, rejects each malformed one with its reason, and keeps serving', async () => {
    const cube = cubeMesh(20);
    const cubeStl = binaryStl(triangles(cube));
    const truncated = cubeStl.subarray(0, cubeStl.length - 30);
    const lying = Buffer.from(cubeStl);
    lying.writeUInt32LE(2_000_000, 80);
    const bomb = zipSync({ '3D/3dmodel.model': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    const badObj = strToU8(['v 0 0 0', 'v 1 0 0', 'v 0 1 0', 'f 1 2 3', 'f 1 2 9'].join('\n'));

    const bad: Array<[string, Uint8Array | undefined, string | RegExp]> = [
      ['truncated.stl', truncated, 'Not a valid STL: header says 12 triangles, file holds 11'],
      ['liar.stl', lying, 'Not a valid STL: header says 2,000,000 triangles, file holds 12'],
      ['noise.stl', randomBytes(10_000), /^Not a valid STL: header says [\d,]+ triangles, file holds 198$/],
      ['bad-index.obj', badObj, 'Not a valid OBJ: face on line 5 refers to vertex 9, but only 3 are defined'],
      ['bomb.3mf', bomb, /^Refused: 3MF archive would expand to 21 MB/],
      ['no-model.3mf', threeMf(undefined), 'Not a valid 3MF: no 3D model part found'],
      ['wrong-counts.ply', plyAscii(cube, { vertices: 10 }), /^Not a valid PLY: header declares 10 vertices/],
      ['gone.stl', undefined, 'The uploaded file is missing from storage; please upload it again'],
    ];
    const badIds = [];
    for (const [name, bytes] of bad) badIds.push(await upload(name, bytes));

    // Good files recorded after the bad ones: the worker must still be serving.
    const goodId = await upload('cube.stl', cubeStl);
    const invertedId = await upload('inverted.stl', binaryStl(triangles(inverted(cube))));
    const openId = await upload('open.obj', obj(opened(cube)));
    const threeMfId = await upload('cube.3mf', cube3mf(20));
    const stepId = await upload('box.step', strToU8(stepBox([20, 30, 40], 'Bracket')));

    for (const [i, [name, , reason]] of bad.entries()) {
      const file = await settled(badIds[i] as string);
      expect(file.analysisStatus, name).toBe('rejected');
      if (typeof reason === 'string') expect(file.analysis?.rejectReason, name).toBe(reason);
      else expect(file.analysis?.rejectReason, name).toMatch(reason);
      expect(file.analysis?.volumeCm3, name).toBeNull();
    }

    const good = await settled(goodId);
    expect(good.analysisStatus).toBe('ready');
    expect(good.analysis).toMatchObject({
      format: 'stl',
      triangleCount: 12,
      bboxXMm: 20,
      bboxYMm: 20,
      bboxZMm: 20,
      shellCount: 1,
      openEdgeCount: 0,
      nonManifoldEdgeCount: 0,
      watertight: true,
      invertedNormals: false,
      rejectReason: null,
    });
    expect(good.analysis?.volumeCm3?.toFixed(3)).toBe('8.000');
    expect(good.analysis?.surfaceAreaCm2?.toFixed(2)).toBe('24.00');
    expect(good.analysis?.fitsBuildVolume).toMatchObject({ 'FFF/FDM': true, 'SLA/Resin': true });
    expect(good.analysis?.durationMs).toBeGreaterThanOrEqual(0);

    const flipped = await settled(invertedId);
    expect(flipped.analysis?.volumeCm3?.toFixed(3)).toBe('8.000');
    expect(flipped.analysis?.invertedNormals).toBe(true);

    const open = await settled(openId);
    expect(open.analysisStatus).toBe('ready');
    expect(open.analysis?.watertight).toBe(false);
    expect(open.analysis?.openEdgeCount).toBe(4);

    expect((await settled(threeMfId)).analysis?.volumeCm3?.toFixed(3)).toBe('8.000');
    const step = await settled(stepId);
    expect(step.analysis?.volumeCm3?.toFixed(3)).toBe('24.000');
    expect(step.analysis?.metadata).toMatchObject({ products: ['Bracket'] });
  }, 120_000);

  it('inspects what it analyses: a 200,000-triangle part has its findings within a second of its analysis', async () => {
    const sphereId = await upload('sphere.stl', timingSphereStl());
    const cupId = await upload('cup.obj', obj(cup(0.4)));
    const sphere = await settled(sphereId);
    expect(sphere.analysis?.triangleCount).toBe(199_808);
    const inspection = sphere.analysis?.inspection as unknown as MeshInspection;
    expect(sphere.analysis?.inspectedAt).not.toBeNull();
    console.log(
      `model.analyze: 200k-triangle sphere analysed and inspected in ${sphere.analysis?.durationMs} ms, the inspection ${Math.round(inspection.durationMs)} ms (${Math.round(inspection.cpuMs)} ms of CPU)`,
    );
    // Its CPU time: the wall clock of a suite running two files at once on two cores counts the other's.
    expect(inspection.cpuMs).toBeLessThan(1_000);
    // A ball 100 mm across is about 100 mm thick through its middle.
    expect(inspection.thickness?.quantiles.at(-1)).toBeGreaterThan(99);

    const thin = await settled(cupId);
    const view = await api.prisma.fileAnalysis.findUniqueOrThrow({ where: { fileId: thin.id } });
    const quantiles = (view.inspection as { thickness: { quantiles: number[] } }).thickness.quantiles;
    expect(quantiles[8]).toBeCloseTo(0.4, 2);
  }, 60_000);

  it('skips a file that is already analysed, deleted or gone', async () => {
    const fileId = await upload('again.stl', binaryStl(triangles(cubeMesh(10))));
    const first = await settled(fileId);
    const again = await api.prisma.$transaction((tx) => recordJob(tx, 'model.analyze', { fileId }));
    await eventually(async () => {
      const job = await api.queues.get('model.analyze').getJob(again);
      return (await job?.isCompleted()) && job?.returnvalue === 'skipped';
    });
    const after = await api.prisma.fileAnalysis.findUniqueOrThrow({ where: { fileId } });
    expect(after.analyzedAt).toEqual(first.analysis?.analyzedAt);

    const deleted = await api.prisma.$transaction(async (tx) => {
      const file = await tx.projectFile.create({
        data: {
          printRequestId,
          userId,
          uploadId: randomUUID(),
          fileName: 'deleted.stl',
          originalFileName: 'deleted.stl',
          fileType: 'stl',
          fileSize: 1,
          filePath: 'nowhere.stl',
          deletedAt: new Date(),
        },
      });
      return recordJob(tx, 'model.analyze', { fileId: file.id });
    });
    const unknown = await api.prisma.$transaction((tx) =>
      recordJob(tx, 'model.analyze', { fileId: randomUUID() }),
    );
    for (const eventId of [deleted, unknown]) {
      await eventually(async () => {
        const j = await api.queues.get('model.analyze').getJob(eventId);
        return (await j?.isCompleted()) && j?.returnvalue === 'skipped';
      });
    }
  }, 60_000);
});
