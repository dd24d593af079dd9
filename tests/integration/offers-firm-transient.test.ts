// Firm numbers when the machine, not the model, is the trouble: a slice that runs out of time or memory
// is no verdict on the file, so nothing is cached and the next call slices it again. The slicer is the
// real PrusaSlicer behind a wrapper that logs each slice and is slow on its first one only.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadEstimatorModels } from '@printfarm/db/estimatorModels';
import { DEFAULT_PRINT_SETTINGS } from '@printfarm/domain/printSettings';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type FirmContext,
  firmNumbers,
  PROFILE_BED_MM,
  type SliceTarget,
} from '../../workers/src/marketplace/firmNumbers.ts';
import type { QuotePart } from '../../workers/src/marketplace/offers.ts';
import { useServerSuite } from '../support/server.ts';
import { slowOnceSlicer } from '../support/slowSlicer.ts';

const workDir = mkdtempSync(path.join(tmpdir(), 'offers-firm-transient-'));
const uploadDir = path.join(workDir, 'uploads');
mkdirSync(uploadDir);
copyFileSync(
  path.join(import.meta.dirname, '../fixtures/models/cube-20mm.stl'),
  path.join(uploadDir, 'cube.stl'),
);
const { path: slicer, slicesRun } = slowOnceSlicer(workDir, 3);

/** The 20 mm cube as a quote part, lying as uploaded (no inspection). */
const cube: QuotePart = {
  fileId: '00000000-0000-4000-8000-000000000001',
  fileName: 'cube.stl',
  format: 'stl',
  sha256: createHash('sha256')
    .update(readFileSync(path.join(uploadDir, 'cube.stl')))
    .digest('hex'),
  filePath: 'cube.stl',
  units: 'mm',
  quantity: 1,
  geometry: {
    bboxMm: { x: 20, y: 20, z: 20 },
    volumeCm3: 8,
    surfaceAreaCm2: 24,
    supportVolumeCm3: 0,
    overhangAreaCm2: 0,
    shellCount: 1,
  },
  inspection: null,
  sizeMm: { x: 20, y: 20, z: 20 },
  metadata: null,
};

describe('firm numbers after a slice the machine could not finish', () => {
  const server = useServerSuite({
    workers: { env: { UPLOAD_DIR: uploadDir, SLICER_PATH: slicer, SLICER_TIMEOUT_MS: '1000' } },
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });

  const context = (changes: Partial<FirmContext['config']> = {}): FirmContext => {
    const { prisma, config, files } = server.workers.jobContext();
    return { prisma, files, config: { ...config, ...changes } };
  };
  const target = async (bed = PROFILE_BED_MM): Promise<SliceTarget> => ({
    technology: 'FFF/FDM',
    material: 'PLA',
    settings: DEFAULT_PRINT_SETTINGS,
    bed,
    models: await loadEstimatorModels(server.workers.prisma),
  });

  it('a timed-out slice caches nothing; the next call slices the file and answers firm numbers', async () => {
    const first = await firmNumbers(context(), cube, await target());
    expect(first).toEqual({ ok: false, reason: 'Slicing took longer than 1 s' });
    expect(await slicesRun()).toBe(1);
    expect(await server.workers.prisma.sliceResult.count()).toBe(0);

    const second = await firmNumbers(context({ SLICER_TIMEOUT_MS: 60_000 }), cube, await target());
    if (!second.ok) throw new Error(`expected firm numbers, got: ${second.reason}`);
    // PrusaSlicer on our 0.20 mm / 15 % profile: the cube prints in ~18.7 min with ~3.76 g of PLA.
    expect(second.process.printHours * 60).toBeCloseTo(18.7, 0);
    expect(second.process.grams).toBeCloseTo(3.76, 1);
    expect(await slicesRun()).toBe(2);
    const [row, ...others] = await server.workers.prisma.sliceResult.findMany();
    expect(others).toEqual([]);
    expect(row).toMatchObject({ sha256: cube.sha256, status: 'ok', reason: null });

    // Kept now: the next call reads the cache and does not slice.
    expect(await firmNumbers(context(), cube, await target())).toEqual(second);
    expect(await slicesRun()).toBe(2);
  });

  it('a slice that runs out of memory caches nothing either', async () => {
    const bed = { x: 300, y: 300, z: 300 };
    const starved = await firmNumbers(
      context({ SLICER_TIMEOUT_MS: 60_000, SLICER_MEMORY_MB: 64 }),
      cube,
      await target(bed),
    );
    expect(starved).toEqual({ ok: false, reason: 'Slicer ran out of memory' });
    expect(await server.workers.prisma.sliceResult.count({ where: { bed: '300x300x300' } })).toBe(0);
  });
});
