// Runs the real PrusaSlicer (installed by ops/system-packages.sh); each slice of the cube takes ~0.3 s.
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { binaryStl, cubeMesh, triangles } from '../../../ops/fixtures/models/builders.ts';
import { detectSlicer, type SliceRequest, type SliceResult, sliceModel } from './slice.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'slicer-test-'));
/** The module's temporary folders go here (os.tmpdir() follows TMPDIR), so the tests see them go. */
const slicerTemp = path.join(scratch, 'tmp');
const cube = path.join(scratch, 'cube-20mm.stl');
const previousTmpdir = process.env.TMPDIR;

beforeAll(() => {
  mkdirSync(slicerTemp);
  copyFileSync(new URL('../../../tests/fixtures/models/cube-20mm.stl', import.meta.url), cube);
  process.env.TMPDIR = slicerTemp;
});
afterEach(() => {
  expect(readdirSync(slicerTemp)).toEqual([]);
});
afterAll(() => {
  if (previousTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = previousTmpdir;
  rmSync(scratch, { recursive: true, force: true });
});

const request = (changes: Partial<SliceRequest> = {}): SliceRequest => ({
  modelPath: cube,
  profileKey: '0.20mm-15pct',
  scale: 1,
  filamentDensity: 1.24,
  timeoutMs: 60_000,
  memoryMb: 2048,
  ...changes,
});

async function sliced(changes: Partial<SliceRequest> = {}): Promise<Extract<SliceResult, { ok: true }>> {
  const result = await sliceModel(request(changes));
  if (!result.ok) throw new Error(result.reason);
  return result;
}

/** Processes still running (or left as zombies) whose command line names the file, or that are our own children. */
function slicerProcesses(modelPath: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const [, name, fields] =
        /^\d+ \((.*)\) (.*)$/.exec(readFileSync(`/proc/${pid}/stat`, 'utf8').trim()) ?? [];
      const parent = Number(fields?.split(' ')[1]);
      const ours = parent === process.pid && (name === 'prlimit' || name === 'prusa-slicer');
      if (commandLine.includes(modelPath) || ours) found.push(`${pid} ${name}`);
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

describe('sliceModel with PrusaSlicer', () => {
  it('finds the slicer and its version', async () => {
    expect(await detectSlicer()).toEqual({
      available: true,
      version: expect.stringMatching(/^PrusaSlicer 2\.\d+/),
    });
  });

  it('slices the 20 mm cube to a plausible time and weight', async () => {
    const result = await sliced();
    expect(result.printSeconds).toBeGreaterThan(5 * 60);
    expect(result.printSeconds).toBeLessThan(45 * 60);
    expect(result.filamentGrams).toBeGreaterThan(3);
    expect(result.filamentGrams).toBeLessThan(6);
    // 1.75 mm filament: grams = length × π × 0.875² mm² × 1.24 g/cm³.
    const gramsFromLength = ((result.filamentMm ?? 0) * Math.PI * 0.875 ** 2 * 1.24) / 1000;
    expect(gramsFromLength).toBeCloseTo(result.filamentGrams, 1);
    expect(result.slicerVersion).toMatch(/^PrusaSlicer /);
  });

  it('takes longer at a finer layer, and weighs by the density it is given', async () => {
    const [fine, standard, draft, heavy] = await Promise.all([
      sliced({ profileKey: '0.12mm-15pct' }),
      sliced({ profileKey: '0.20mm-15pct' }),
      sliced({ profileKey: '0.28mm-15pct' }),
      sliced({ profileKey: '0.20mm-15pct', filamentDensity: 2.48 }),
    ]);
    expect(fine.printSeconds).toBeGreaterThan(standard.printSeconds);
    expect(standard.printSeconds).toBeGreaterThan(draft.printSeconds);
    expect(heavy.filamentGrams / standard.filamentGrams).toBeCloseTo(2, 1);
  });

  it('scales a model drawn in inches to millimetres', async () => {
    const inchCube = path.join(scratch, 'cube-0.787in.stl');
    writeFileSync(inchCube, binaryStl(triangles(cubeMesh(20 / 25.4))));
    const [inches, millimetres] = await Promise.all([
      sliced({ modelPath: inchCube, scale: 25.4 }),
      sliced({ modelPath: cube }),
    ]);
    // The same 20 mm cube: about 25.4³ times the grams the 0.787 mm speck would need.
    expect(inches.filamentGrams / millimetres.filamentGrams).toBeCloseTo(1, 1);
    expect(inches.printSeconds / millimetres.printSeconds).toBeCloseTo(1, 1);
  });

  it('explains a file that is not a model', async () => {
    const garbage = path.join(scratch, 'garbage.stl');
    writeFileSync(garbage, Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 251)));
    const result = await sliceModel(request({ modelPath: garbage }));
    expect(result).toMatchObject({
      ok: false,
      reason: 'The slicer could not slice this model: Loading of a model file failed.',
    });
    expect(result).not.toHaveProperty('transient');
  });

  it('explains a model too large for the bed', async () => {
    const result = await sliceModel(request({ scale: 25.4 }));
    expect(result).toMatchObject({
      ok: false,
      reason: 'The slicer could not slice this model: Objects could not fit on the bed',
    });
    expect(result).not.toHaveProperty('transient');
  });

  it("slices a part larger than the profile's bed on a large printer's bed", async () => {
    // The 20 mm cube in inches is 508 mm: too large for 250 × 210 mm, not for a 600 mm printer.
    const large = await sliced({ scale: 25.4, bedMm: { x: 600, y: 600, z: 600 } });
    const small = await sliced();
    expect(large.filamentGrams / small.filamentGrams).toBeGreaterThan(1000);
  });

  it('gives the verdict "unprintable" for a part too small or thin to lay anything down', async () => {
    const speck = path.join(scratch, 'speck.stl');
    writeFileSync(speck, binaryStl(triangles(cubeMesh(0.1))));
    expect(await sliceModel(request({ modelPath: speck }))).toMatchObject({
      ok: false,
      unprintable: true,
      reason:
        'The slicer could not slice this model: The print is empty. The model is not printable with current print settings.',
    });
    // A 0.3 mm cube "slices", to 0.00 g: nothing is printed either.
    const grain = path.join(scratch, 'grain.stl');
    writeFileSync(grain, binaryStl(triangles(cubeMesh(0.3))));
    expect(await sliceModel(request({ modelPath: grain }))).toMatchObject({ ok: false, unprintable: true });
    // A model that fails for another reason is not called unprintable.
    expect(await sliceModel(request({ scale: 25.4 }))).not.toHaveProperty('unprintable');
  });

  it('stops at the deadline and leaves no process behind', async () => {
    const marked = path.join(scratch, 'deadline-cube.stl');
    copyFileSync(cube, marked);
    await detectSlicer();
    const result = await sliceModel(request({ modelPath: marked, timeoutMs: 1 }));
    expect(result).toMatchObject({
      ok: false,
      reason: 'Slicing took longer than 1 ms',
      transient: 'interrupted',
    });
    expect(slicerProcesses(marked)).toEqual([]);
  });

  it('fails, rather than hangs, under a tiny memory cap', async () => {
    const result = await sliceModel(request({ memoryMb: 64 }));
    expect(result).toMatchObject({ ok: false, reason: 'Slicer ran out of memory', transient: 'interrupted' });
    expect(result.durationMs).toBeLessThan(10_000);
  });

  it('says when the slicer is not installed', async () => {
    const result = await sliceModel(request({ slicerPath: path.join(scratch, 'no-such-slicer') }));
    expect(result).toMatchObject({ ok: false, reason: 'Slicer not installed', transient: 'unavailable' });
    expect(await detectSlicer('no-such-slicer-on-path')).toEqual({
      available: false,
      reason: 'Slicer not installed',
    });
  });

  it('refuses a profile key it does not know', async () => {
    const result = await sliceModel(request({ profileKey: '../../etc/passwd' }));
    expect(result).toMatchObject({ ok: false, reason: 'Unknown print profile ../../etc/passwd' });
  });
});
