// Model units. Mesh files carry bare numbers; most mean millimetres, but many are in inches (US CAD)
// or metres (scans, Blender): the Stanford bunny arrives 0.155 "mm" wide. The analysis stores the
// numbers as parsed; the unit the customer confirms scales them here, so a change never re-parses.

export const UNITS = ['mm', 'cm', 'in', 'm'] as const;
export type Units = (typeof UNITS)[number];

export const MM_PER_UNIT: Record<Units, number> = { mm: 1, cm: 10, in: 25.4, m: 1000 };

export const UNIT_LABELS: Record<Units, string> = {
  mm: 'Millimetres',
  cm: 'Centimetres',
  in: 'Inches',
  m: 'Metres',
};

export function isUnits(value: unknown): value is Units {
  return typeof value === 'string' && (UNITS as readonly string[]).includes(value);
}

export type Size3 = { x: number; y: number; z: number };

/** Metrics as the analyser measured them, reading the file's numbers as millimetres. */
export interface RawMetrics {
  bbox: Size3 | null;
  volumeCm3: number | null;
  surfaceAreaCm2: number | null;
  overhangAreaCm2: number | null;
  supportVolumeCm3: number | null;
}

const scaled = (value: number | null, factor: number) => (value === null ? null : value * factor);

/** The metrics in real millimetres (lengths × f, areas × f², volumes × f³). */
export function scaleMetrics(raw: RawMetrics, units: Units): RawMetrics {
  const f = MM_PER_UNIT[units];
  return {
    bbox: raw.bbox ? { x: raw.bbox.x * f, y: raw.bbox.y * f, z: raw.bbox.z * f } : null,
    volumeCm3: scaled(raw.volumeCm3, f ** 3),
    surfaceAreaCm2: scaled(raw.surfaceAreaCm2, f ** 2),
    overhangAreaCm2: scaled(raw.overhangAreaCm2, f ** 2),
    supportVolumeCm3: scaled(raw.supportVolumeCm3, f ** 3),
  };
}

/** A part is implausible when it is under 2 mm or over 2,000 mm on every axis. */
export const PLAUSIBLE_MM = { min: 2, max: 2_000 } as const;

/** The size printed parts most often have; among plausible readings the closest one wins. */
const TYPICAL_PART_MM = 60;

function sides({ x, y, z }: Size3): number[] {
  return [x, y, z];
}

export function isPlausibleSize(sizeMm: Size3): boolean {
  const all = sides(sizeMm);
  return !(all.every((side) => side < PLAUSIBLE_MM.min) || all.every((side) => side > PLAUSIBLE_MM.max));
}

/** What besides its size says a part is drawn in another unit (all in the file's own units). */
export interface UnitEvidence {
  /** The volume as parsed, read as mm³. */
  volumeRawMm3: number | null;
  /** The wall thickness a tenth of the surface is thinner than (the inspection's): its fine features. */
  thinWallRaw: number | null;
}

/** Below this longest side (mm) a part is small enough that its walls and volume decide. */
const SMALL_PART_MM = 10;
/** Features thinner than an FDM nozzle (mm) over a tenth of a part are rarely meant: it is more likely drawn in cm or inches. */
const NOZZLE_MM = 0.4;
/** A solid smaller than a grain of rice (mm³). */
const RICE_GRAIN_MM3 = 20;

/**
 * True when the size alone is implausible (under 2 mm or over 2,000 mm on every axis), or when a small
 * part (under 10 mm) has a tenth of its surface on features thinner than a nozzle, or less volume than
 * a grain of rice: a 2.7 mm Suzanne or a 6 mm teapot was almost surely drawn in centimetres or inches.
 */
function looksMisscaled(sizeMm: Size3, evidence: UnitEvidence | undefined, f: number): boolean {
  if (!isPlausibleSize(sizeMm)) return true;
  if (!evidence || Math.max(...sides(sizeMm)) >= SMALL_PART_MM) return false;
  const wall = evidence.thinWallRaw === null ? null : evidence.thinWallRaw * f;
  const volume = evidence.volumeRawMm3 === null ? null : evidence.volumeRawMm3 * f ** 3;
  return (wall !== null && wall < NOZZLE_MM) || (volume !== null && volume > 0 && volume < RICE_GRAIN_MM3);
}

/**
 * The unit that makes an implausible part plausible, or null when the current reading is fine (or no
 * unit would help). `rawBbox` is as parsed; `current` is the unit the customer has now.
 */
export function suggestUnits(rawBbox: Size3 | null, current: Units, evidence?: UnitEvidence): Units | null {
  if (!rawBbox) return null;
  const largest = Math.max(...sides(rawBbox));
  if (!(largest > 0)) return null;
  const f = MM_PER_UNIT[current];
  if (!looksMisscaled({ x: rawBbox.x * f, y: rawBbox.y * f, z: rawBbox.z * f }, evidence, f)) return null;
  let best: { units: Units; distance: number } | null = null;
  for (const units of UNITS) {
    if (units === current) continue;
    const g = MM_PER_UNIT[units];
    const largestMm = largest * g;
    if (largestMm < PLAUSIBLE_MM.min || largestMm > PLAUSIBLE_MM.max) continue;
    // Only a larger unit can cure a part too small, and a smaller one a part too large.
    if (g > f !== largest * f < TYPICAL_PART_MM) continue;
    const distance = Math.abs(Math.log(largestMm / TYPICAL_PART_MM));
    if (!best || distance < best.distance) best = { units, distance };
  }
  return best?.units ?? null;
}

/** Everyday things by their longest side (mm), smallest first. */
const FAMILIAR_OBJECTS: ReadonlyArray<readonly [number, string]> = [
  [6, 'a grain of rice'],
  [14, 'a pea'],
  [35, 'a coin'],
  [65, 'a golf ball'],
  [110, 'a credit card'],
  [180, 'a smartphone'],
  [290, 'a dinner plate'],
  [450, 'a shoebox'],
  [800, 'a carry-on suitcase'],
  [2_000, 'a bicycle'],
];

/** 'about the size of a coin' for a 20 mm cube. */
export function familiarSize(sizeMm: Size3): string {
  const largest = Math.max(...sides(sizeMm));
  const match = FAMILIAR_OBJECTS.find(([limit]) => largest < limit);
  return match ? `about the size of ${match[1]}` : 'larger than a person';
}

/** '20 × 20 × 20 mm', with one decimal below 10 mm. */
export function formatSizeMm({ x, y, z }: Size3): string {
  const one = (n: number) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
  return `${one(x)} × ${one(y)} × ${one(z)} mm`;
}
