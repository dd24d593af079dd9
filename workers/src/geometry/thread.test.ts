import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryStl, cubeMesh, sphereMesh, triangles } from '../../../ops/fixtures/models/builders.ts';
import { tShape } from '../../../ops/fixtures/models/solids.ts';
import { analyzeInThread, closeAnalysisThreads, idleAnalysisThreads, warmAnalysisThreads } from './thread.ts';

describe('analysis in a worker thread', () => {
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'printfarm-thread-'));
    await writeFile(path.join(uploadDir, 'cube.stl'), binaryStl(triangles(cubeMesh(20))));
    await writeFile(path.join(uploadDir, 't.stl'), binaryStl(triangles(tShape())));
    await writeFile(path.join(uploadDir, 'sphere.stl'), binaryStl(triangles(sphereMesh(10, 512, 256))));
  });
  afterAll(async () => {
    await closeAnalysisThreads();
    await rm(uploadDir, { recursive: true, force: true });
  });

  const limits = { maxHeapMb: 256, timeoutMs: 30_000 };

  it('analyses a stored file', async () => {
    const reply = await analyzeInThread({ filePath: 'cube.stl', uploadDir, fileName: 'cube.stl' }, limits);
    expect(
      reply.kind === 'outcome' && reply.outcome.status === 'ready' && reply.outcome.analysis.volumeCm3,
    ).toBe(8);
  });

  it('carries the support estimate back from the thread', async () => {
    const reply = await analyzeInThread({ filePath: 't.stl', uploadDir, fileName: 't.stl' }, limits);
    if (reply.kind !== 'outcome' || reply.outcome.status !== 'ready') throw new Error('expected ready');
    expect(reply.outcome.analysis).toMatchObject({ overhangAreaCm2: 2, supportVolumeCm3: 2 });
  });

  it('reports a missing file, and never reads outside the upload directory', async () => {
    expect(await analyzeInThread({ filePath: 'nope.stl', uploadDir, fileName: 'nope.stl' }, limits)).toEqual({
      kind: 'missing',
    });
    expect(
      await analyzeInThread({ filePath: '../../etc/passwd', uploadDir, fileName: 'x.stl' }, limits),
    ).toEqual({
      kind: 'missing',
    });
  });

  it('gives up on an analysis that runs past its deadline', async () => {
    const reply = await analyzeInThread(
      { filePath: 'sphere.stl', uploadDir, fileName: 'sphere.stl' },
      { maxHeapMb: 256, timeoutMs: 5 },
    );
    expect(reply).toEqual({
      kind: 'outcome',
      outcome: {
        status: 'rejected',
        format: 'stl',
        reason: 'Refused: the model took longer than 0 s to analyse',
      },
    });
    // The stuck thread was replaced: the next analysis runs normally.
    const next = await analyzeInThread({ filePath: 'cube.stl', uploadDir, fileName: 'cube.stl' }, limits);
    expect(next.kind === 'outcome' && next.outcome.status).toBe('ready');
  });

  it('reuses a warm thread for the next file', async () => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      const reply = await analyzeInThread({ filePath: 'cube.stl', uploadDir, fileName: 'cube.stl' }, limits);
      expect(reply.kind === 'outcome' && reply.outcome.status).toBe('ready');
    }
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('keeps warmed threads ready once asked, and replaces one that retires', async () => {
    await closeAnalysisThreads();
    expect(idleAnalysisThreads()).toBe(0);
    try {
      warmAnalysisThreads({ maxHeapMb: 256, threads: 2 });
      expect(idleAnalysisThreads()).toBe(2);
      // Posted while the thread is still analysing its warm-up model: it waits, then runs.
      const reply = await analyzeInThread({ filePath: 'cube.stl', uploadDir, fileName: 'cube.stl' }, limits);
      expect(
        reply.kind === 'outcome' && reply.outcome.status === 'ready' && reply.outcome.analysis.volumeCm3,
      ).toBe(8);
      expect(idleAnalysisThreads()).toBe(2);
      // A thread stopped at its deadline is replaced by a warmed one at once.
      const late = await analyzeInThread(
        { filePath: 'sphere.stl', uploadDir, fileName: 'sphere.stl' },
        { maxHeapMb: 256, timeoutMs: 5, threads: 2 },
      );
      expect(late.kind === 'outcome' && late.outcome.status).toBe('rejected');
      expect(idleAnalysisThreads()).toBe(2);
      const next = await analyzeInThread({ filePath: 't.stl', uploadDir, fileName: 't.stl' }, limits);
      expect(next.kind === 'outcome' && next.outcome.status).toBe('ready');
    } finally {
      await closeAnalysisThreads();
    }
    expect(idleAnalysisThreads()).toBe(0);
  });
});
