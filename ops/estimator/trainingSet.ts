// Measures model files as the product does, for calibrating and benchmarking the instant estimator:
// the workers' analyser for the geometry, their PrusaSlicer run (sliceModel) for the firm numbers at
// every profile. Slices are cached under var/estimator/slices by file content, profile text, scale and
// slicer version, so a rerun slices only what changed. One slice at a time: PrusaSlicer already uses
// every core, and the machine is shared.

import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { EstimatorSample, PartGeometry } from '@printfarm/domain/estimator';
import type { MeshInspection } from '@printfarm/domain/inspection';
import { orientationInMm } from '@printfarm/domain/orientation';
import { sliceProfileKey } from '@printfarm/domain/printSettings';
import { MM_PER_UNIT, scaleMetrics, suggestUnits, UNITS, type Units } from '@printfarm/domain/units';
import { analyzeModel, type ModelAnalysis } from '../../workers/src/geometry/analyze.ts';
import { inspectModel } from '../../workers/src/geometry/inspect/inspect.ts';
import { PROFILE_SETTINGS } from '../../workers/src/slicer/profiles/generate.ts';
import { detectSlicer, sliceModel } from '../../workers/src/slicer/slice.ts';
import { localFile } from '../../workers/src/storage/uploads.ts';
import { shapeStl, TRAINING_SHAPES } from './shapes.ts';

export const ESTIMATOR_DIR = path.resolve(import.meta.dirname, '../../var/estimator');
export const FIXTURE_DIR = path.resolve(import.meta.dirname, '../../tests/fixtures/models');
const PROFILE_DIR = path.resolve(import.meta.dirname, '../../workers/src/slicer/profiles');
const MODEL_EXTENSIONS = /\.(stl|obj|3mf|ply|step|stp)$/i;
/** Sliced at PLA's density; the firm cm³ do not depend on it. */
const SLICE_DENSITY = 1.24;

export interface ModelFile {
  name: string;
  /** Sizes and proportions of one kind of shape: the stricter check leaves out a whole family. */
  family: string;
  path: string;
  units: Units;
}

export type FirmSlice =
  | { ok: true; printSeconds: number; filamentCm3: number }
  | { ok: false; reason: string };

export interface MeasuredPart extends ModelFile {
  geometry: PartGeometry;
  /** By profile key. */
  slices: Record<string, FirmSlice>;
  /** Other files that are this very part (the fixture cube in five formats), measured and sliced alike. */
  sameAs: string[];
}

/** Writes the generated shapes as binary STL under var/estimator/shapes and lists them. */
export function generatedShapeFiles(): ModelFile[] {
  const folder = path.join(ESTIMATOR_DIR, 'shapes');
  mkdirSync(folder, { recursive: true });
  return TRAINING_SHAPES.map((shape) => {
    const file = path.join(folder, `${shape.name}.stl`);
    writeFileSync(file, shapeStl(shape));
    return { name: shape.name, family: shape.family, path: file, units: 'mm' };
  });
}

/** The fixture models (tests/fixtures/models), in millimetres as they are written. */
export function fixtureFiles(): ModelFile[] {
  return modelFileNames(FIXTURE_DIR).map((name) => ({
    name: `fixture ${name}`,
    family: 'fixture',
    path: path.join(FIXTURE_DIR, name),
    units: 'mm',
  }));
}

const modelFileNames = (folder: string) =>
  readdirSync(folder)
    .filter((file) => MODEL_EXTENSIONS.test(file))
    .sort();

/** Below this a part read in millimetres is taken for a file in other units (a 3 mm Suzanne). */
const TINY_MM = 10;
/** The largest side a customer aims at when choosing units: a typical part. */
const TYPICAL_MM = 60;
const BED_HEIGHT_MM = 220;

/**
 * The unit a customer would confirm: the one the product suggests for an implausible size (a bunny in
 * metres); for a part under 10 mm in millimetres, the unit that brings it closest to a typical 60 mm
 * part within the bed's height.
 */
export function customerUnits(rawBbox: { x: number; y: number; z: number } | null): Units {
  if (!rawBbox) return 'mm';
  const suggested = suggestUnits(rawBbox, 'mm');
  if (suggested) return suggested;
  const largest = Math.max(rawBbox.x, rawBbox.y, rawBbox.z);
  if (largest >= TINY_MM) return 'mm';
  const distance = (units: Units) => Math.abs(Math.log((largest * MM_PER_UNIT[units]) / TYPICAL_MM));
  return UNITS.filter((units) => largest * MM_PER_UNIT[units] <= BED_HEIGHT_MM).reduce(
    (best, units) => (distance(units) < distance(best) ? units : best),
    'mm' as Units,
  );
}

/** The model files of a folder (real parts for an out-of-sample check), each in the customer's unit. */
export async function modelFilesIn(folder: string): Promise<ModelFile[]> {
  const files: ModelFile[] = [];
  for (const name of modelFileNames(folder)) {
    const file = path.join(folder, name);
    const analysis = await analyse(file);
    const units = typeof analysis === 'string' ? 'mm' : customerUnits(analysis.analysis.bbox);
    files.push({ name, family: name, path: file, units });
  }
  return files;
}

interface Measured {
  analysis: ModelAnalysis;
  inspection: MeshInspection | null;
}

async function analyse(file: string): Promise<Measured | string> {
  const upload = localFile(file, statSync(file).size);
  const outcome = await analyzeModel(upload, path.basename(file));
  if (outcome.status !== 'ready') return outcome.reason;
  return { analysis: outcome.analysis, inspection: await inspectModel(upload, path.basename(file)) };
}

/**
 * The part in real millimetres as the quote prices it: the analysis's size, and the support the
 * inspection measures (at the slicer's own threshold) for the file as it is sliced here, as uploaded.
 */
function partGeometry({ analysis, inspection }: Measured, units: Units): PartGeometry | null {
  const real = scaleMetrics(analysis, units);
  if (!real.bbox || real.volumeCm3 === null || real.surfaceAreaCm2 === null) return null;
  const asUploaded = inspection?.orientations.find((candidate) => candidate.key === 'z-');
  const support = asUploaded ? orientationInMm(asUploaded, units) : null;
  return {
    volumeCm3: real.volumeCm3,
    surfaceAreaCm2: real.surfaceAreaCm2,
    bboxMm: real.bbox,
    supportVolumeCm3: support?.supportVolumeCm3 ?? real.supportVolumeCm3,
    overhangAreaCm2: support?.overhangAreaCm2 ?? real.overhangAreaCm2,
    shellCount: analysis.shellCount,
  };
}

const digest = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

async function firmSlice(
  file: string,
  profileKey: string,
  scale: number,
  slicerVersion: string,
): Promise<FirmSlice> {
  const profile = readFileSync(path.join(PROFILE_DIR, `${profileKey}.ini`));
  const key = digest(
    [digest(readFileSync(file)), digest(profile), profileKey, scale, slicerVersion].join(' '),
  );
  const cached = path.join(ESTIMATOR_DIR, 'slices', `${key.slice(0, 32)}.json`);
  try {
    return JSON.parse(readFileSync(cached, 'utf8')) as FirmSlice;
  } catch {
    // Not sliced yet.
  }
  const result = await sliceModel({
    modelPath: file,
    profileKey,
    scale,
    filamentDensity: SLICE_DENSITY,
    timeoutMs: 600_000,
    memoryMb: 4096,
  });
  const slice: FirmSlice = result.ok
    ? { ok: true, printSeconds: result.printSeconds, filamentCm3: result.filamentGrams / SLICE_DENSITY }
    : { ok: false, reason: result.reason };
  mkdirSync(path.dirname(cached), { recursive: true });
  writeFileSync(cached, JSON.stringify(slice));
  return slice;
}

/** What makes two files the same part: their measured geometry and their slices. */
function fingerprint(part: Omit<MeasuredPart, 'sameAs'>): string {
  const { volumeCm3, surfaceAreaCm2, bboxMm } = part.geometry;
  const sizes = [volumeCm3, surfaceAreaCm2, bboxMm.x, bboxMm.y, bboxMm.z].map((value) => value.toFixed(3));
  return JSON.stringify([sizes, part.slices]);
}

/**
 * Analyses and slices each file at every profile (from the cache where it can). A file the analyser
 * rejects is left out with a note; a failed slice is kept as failed. Files that are the same part
 * are kept once, so a held-out part never has its twin in the fit.
 */
export async function measureFiles(
  files: readonly ModelFile[],
  log: (line: string) => void = () => {},
): Promise<MeasuredPart[]> {
  const slicer = await detectSlicer();
  if (!slicer.available) throw new Error(`PrusaSlicer is needed to measure the estimator: ${slicer.reason}`);
  const parts = new Map<string, MeasuredPart>();
  for (const file of files) {
    const analysis = await analyse(file.path);
    const geometry = typeof analysis === 'string' ? null : partGeometry(analysis, file.units);
    if (!geometry) {
      log(`skipped ${file.name}: ${typeof analysis === 'string' ? analysis : 'no mesh'}`);
      continue;
    }
    const started = performance.now();
    const slices: Record<string, FirmSlice> = {};
    for (const settings of PROFILE_SETTINGS) {
      const profileKey = sliceProfileKey(settings);
      slices[profileKey] = await firmSlice(file.path, profileKey, MM_PER_UNIT[file.units], slicer.version);
    }
    const part = { ...file, geometry, slices };
    const twin = parts.get(fingerprint(part));
    if (twin) twin.sameAs.push(file.name);
    else parts.set(fingerprint(part), { ...part, sameAs: [] });
    const failed = Object.values(slices).find((slice) => !slice.ok);
    const note = failed && !failed.ok ? `, not sliced: ${failed.reason}` : '';
    log(`measured ${file.name} in ${file.units} (${Math.round(performance.now() - started)} ms${note})`);
  }
  return [...parts.values()];
}

/** One sample per part and profile that sliced; `group` says what is held out together. */
export function samplesOf(
  parts: readonly MeasuredPart[],
  group: (part: MeasuredPart) => string = (part) => part.name,
): EstimatorSample[] {
  return parts.flatMap((part) =>
    PROFILE_SETTINGS.flatMap((settings) => {
      const slice = part.slices[sliceProfileKey(settings)];
      if (!slice?.ok) return [];
      return [
        {
          shape: group(part),
          part: part.geometry,
          settings,
          printSeconds: slice.printSeconds,
          filamentCm3: slice.filamentCm3,
        },
      ];
    }),
  );
}

/** The calibration set: the generated shapes and the fixture models, measured (cached) and deduplicated. */
export async function trainingParts(log?: (line: string) => void): Promise<MeasuredPart[]> {
  return measureFiles([...generatedShapeFiles(), ...fixtureFiles()], log);
}
