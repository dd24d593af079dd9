// Slices an FDM model with the PrusaSlicer command line and reads the print time and filament it
// estimates, for a firm price. Found with Debian bookworm's prusa-slicer 2.5.0: the command line runs
// headless (the binary links GTK but needs no DISPLAY, nor any variable beyond PATH), and it has no
// --version (that came in 2.6): the first line of --help names the version.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLICE_PROFILE_KEYS } from '@printfarm/domain/printSettings';
import { modelFailure, type RunFailure, runFailure } from './failure.ts';
import { readGcodeTail } from './gcodeTail.ts';
import { runLimited } from './run.ts';

export interface SliceRequest {
  /** A local STL/OBJ/3MF/STEP file; PrusaSlicer picks the reader by its extension. */
  modelPath: string;
  /** One of SLICE_PROFILE_KEYS. */
  profileKey: string;
  /** Factor that turns the file's units into mm (1 for mm, 25.4 for inches). */
  scale: number;
  /** g/cm³, so the grams are right per material. */
  filamentDensity: number;
  /** Deadline of the slicing process. */
  timeoutMs: number;
  /** Address-space cap of the slicing process. */
  memoryMb: number;
  slicerPath?: string;
  /** The printer's build volume (mm), when not the profile's own 250 × 210 × 220 mm. */
  bedMm?: { x: number; y: number; z: number };
  /** The printer's nozzle (mm), when not the profile's 0.4 mm. */
  nozzleMm?: number;
  /** Hands back the G-code itself (the print queue sends it to a printer), not only its numbers. */
  keepGcode?: boolean;
}

export type SliceResult =
  | {
      ok: true;
      printSeconds: number;
      filamentGrams: number;
      filamentMm: number | null;
      slicerVersion: string;
      durationMs: number;
      gcode?: Uint8Array;
    }
  | {
      ok: false;
      reason: string;
      durationMs: number;
      /** The slicer's verdict on the model: nothing in it can be printed (too small or too thin). */
      unprintable?: true;
      /** No verdict on the model: the slicer was unavailable or this run was interrupted (RunFailure). */
      transient?: RunFailure['cause'];
    };

/** What PrusaSlicer says of a model it finds nothing to print in. */
const EMPTY_PRINT = /print is empty|not printable|nothing to print|no extrusions/i;
/** A slice that lays down less than this (g) printed nothing: PrusaSlicer reports 0.00 for a speck. */
const NO_MATERIAL_G = 0.005;

export type SlicerDetection = { available: true; version: string } | { available: false; reason: string };

const DEFAULT_SLICER = 'prusa-slicer';
const DETECT_LIMITS = { timeoutMs: 15_000, memoryMb: 2048 };

/** Only found slicers are remembered: one installed later is seen on the next call. */
const detected = new Map<string, SlicerDetection>();

export async function detectSlicer(slicerPath = DEFAULT_SLICER): Promise<SlicerDetection> {
  const known = detected.get(slicerPath);
  if (known) return known;
  const outcome = await inWorkDir((workDir) =>
    runLimited(slicerPath, ['--help'], { ...DETECT_LIMITS, cwd: workDir, env: slicerEnv(workDir) }),
  );
  const failure = runFailure(outcome, DETECT_LIMITS.timeoutMs);
  if (failure) return { available: false, reason: failure.reason };
  // "PrusaSlicer-2.5.0+UNKNOWN based on Slic3r (with GUI support)"
  const banner =
    outcome.kind === 'exited' ? /^(\w+)-(\d+(?:\.\d+)+)\S* based on Slic3r/m.exec(outcome.stdout) : null;
  if (!banner) return { available: false, reason: `${slicerPath} is not a PrusaSlicer command line` };
  const found: SlicerDetection = { available: true, version: `${banner[1]} ${banner[2]}` };
  detected.set(slicerPath, found);
  return found;
}

export async function sliceModel(request: SliceRequest): Promise<SliceResult> {
  const started = performance.now();
  const elapsedMs = () => Math.round(performance.now() - started);
  const failed = (reason: string): Extract<SliceResult, { ok: false }> => ({
    ok: false,
    reason,
    durationMs: elapsedMs(),
  });
  if (!SLICE_PROFILE_KEYS.includes(request.profileKey)) {
    return failed(`Unknown print profile ${request.profileKey}`);
  }
  const slicer = await detectSlicer(request.slicerPath);
  if (!slicer.available) return { ...failed(slicer.reason), transient: 'unavailable' };
  const modelPath = path.resolve(request.modelPath);
  return inWorkDir(async (workDir) => {
    const gcodePath = path.join(workDir, 'model.gcode');
    const args = ['--export-gcode', ...settingsArguments(request), '--output', gcodePath, modelPath];
    const outcome = await runSlicer(request, args, workDir);
    if (outcome.kind !== 'exited' || outcome.code !== 0) {
      const runtime = runFailure(outcome, request.timeoutMs);
      if (runtime) return { ...failed(runtime.reason), transient: runtime.cause };
      const reason = modelFailure(outcome, modelPath);
      const empty = outcome.kind === 'exited' && EMPTY_PRINT.test(outcome.stderr);
      return empty ? { ...failed(reason), unprintable: true } : failed(reason);
    }
    const summary = await readGcodeTail(gcodePath).catch(() => undefined);
    if (summary?.estimatedTimeSeconds === undefined || summary.filamentUsedG === undefined) {
      return failed('The slicer wrote no print time or filament estimate');
    }
    if (summary.filamentUsedG < NO_MATERIAL_G) {
      return {
        ...failed('The slicer could not slice this model: it lays down no material'),
        unprintable: true,
      };
    }
    return {
      ok: true,
      printSeconds: summary.estimatedTimeSeconds,
      filamentGrams: summary.filamentUsedG,
      filamentMm: summary.filamentUsedMm ?? null,
      slicerVersion: slicer.version,
      durationMs: elapsedMs(),
      ...(request.keepGcode ? { gcode: new Uint8Array(await readFile(gcodePath)) } : {}),
    };
  });
}

export type SlicerSettings = Pick<
  SliceRequest,
  'profileKey' | 'scale' | 'filamentDensity' | 'bedMm' | 'nozzleMm' | 'timeoutMs' | 'memoryMb' | 'slicerPath'
>;

/** The profile, then the printer's bed, nozzle and material over it, and the scale: as sliced. */
export function settingsArguments(request: SlicerSettings): string[] {
  return [
    '--load',
    fileURLToPath(new URL(`profiles/${request.profileKey}.ini`, import.meta.url)),
    ...bedArguments(request.bedMm),
    ...(request.nozzleMm ? ['--nozzle-diameter', String(request.nozzleMm)] : []),
    '--filament-density',
    String(request.filamentDensity),
    '--scale',
    String(request.scale),
    '--loglevel',
    '1',
  ];
}

export function runSlicer(request: SlicerSettings, args: string[], workDir: string) {
  return runLimited(request.slicerPath ?? DEFAULT_SLICER, args, {
    timeoutMs: request.timeoutMs,
    memoryMb: request.memoryMb,
    cwd: workDir,
    env: slicerEnv(workDir),
  });
}

/** The printer's bed and height on the command line, which ranks above the profile's. */
function bedArguments(bed: SliceRequest['bedMm']): string[] {
  if (!bed) return [];
  const { x, y, z } = bed;
  return ['--bed-shape', `0x0,${x}x0,${x}x${y},0x${y}`, '--max-print-height', String(z)];
}

/**
 * Only what the slicer needs: PATH, the C locale (numbers with a decimal point whatever the server's
 * locale), no DISPLAY, and a private HOME so no user configuration is read or left behind.
 */
function slicerEnv(workDir: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH, LC_ALL: 'C', HOME: workDir, TMPDIR: workDir };
}

/** A private temporary folder (mode 0700), removed whatever happens inside. */
export async function inWorkDir<T>(use: (workDir: string) => Promise<T>): Promise<T> {
  const workDir = await mkdtemp(path.join(tmpdir(), 'printfarm-slice-'));
  try {
    return await use(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
