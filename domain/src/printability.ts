// Printability findings: what a customer must know about a file before anyone pays, in sentences they
// understand, each with a severity. 'blocks' stops quoting (nothing can be printed as it is), 'warns'
// asks the customer to print it as is or upload a fixed file, 'info' is worth knowing. The checks are
// the ones Shapeways, Makelab and JLC3DP make by e-mail, made here from the analysis and the inspection
// (both in the file's own units, scaled by the unit the customer confirmed) and from the printers the
// network's farms have.
import type { MeshInspection, Point3 } from './inspection.ts';
import { chooseOrientation, ORIENTATION_LABELS } from './orientation.ts';
import {
  type BuildVolume,
  fitsBuildVolume,
  largestBuildVolume,
  TECHNOLOGIES,
  type Technology,
  TYPICAL_BUILD_VOLUME_MM,
} from './printerCatalogue.ts';
import {
  formatSizeMm,
  MM_PER_UNIT,
  type Size3,
  suggestUnits,
  UNIT_LABELS,
  type UnitEvidence,
  type Units,
} from './units.ts';

export const FINDING_SEVERITIES = ['blocks', 'warns', 'info'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

export type FindingCode =
  | 'zero_volume'
  | 'not_printable'
  | 'too_large'
  | 'thin_wall'
  | 'open_edges'
  | 'non_manifold_edges'
  | 'inverted_normals'
  | 'several_shells'
  | 'needs_support'
  | 'large_format';

export interface Finding {
  code: FindingCode;
  severity: FindingSeverity;
  message: string;
  /** Where on the part (mm, in the file's own frame scaled by its unit), for the 3D preview. */
  points?: Point3[];
}

/**
 * The thinnest wall each technology prints reliably (mm): the design guides of Formlabs, HP, Stratasys,
 * ExOne and the print services (Shapeways, Xometry, JLC3DP) for unsupported walls.
 */
export const MIN_WALL_MM: Record<Technology, number> = {
  'FFF/FDM': 0.8,
  'SLA/Resin': 0.4,
  SLS: 0.7,
  'Multi Jet Fusion': 0.5,
  PolyJet: 0.6,
  'Binder Jetting': 1.5,
  'Metal 3D Printing': 0.4,
  Other: 1.0,
};

/** The smallest feature a technology lays down at all (mm): an FDM nozzle's width, a laser's spot. */
export const MIN_FEATURE_MM: Record<Technology, number> = {
  'FFF/FDM': 0.4,
  'SLA/Resin': 0.15,
  SLS: 0.4,
  'Multi Jet Fusion': 0.3,
  PolyJet: 0.2,
  'Binder Jetting': 0.8,
  'Metal 3D Printing': 0.2,
  Other: 0.4,
};

/** Powder beds hold their parts in the powder: overhangs need no support. */
const SELF_SUPPORTING: ReadonlySet<Technology> = new Set(['SLS', 'Multi Jet Fusion', 'Binder Jetting']);

/** A part this thin on average (twice its volume over its area, mm) is a surface, not a solid. */
const SHEET_MM = 0.01;
/** Walls this much under the minimum (a share of it) are flagged; measuring has some spread. */
const WALL_TOLERANCE = 0.03;
/** Thin walls are worth a warning once they make up this share of the measured surface. */
const THIN_SHARE = 0.02;
/** Support under this volume (cm³) is a touch-up, not worth a sentence. */
const SUPPORT_WORTH_CM3 = 0.05;
const MAX_POINTS = 12;

/** A build volume the network's farms have, and how many farms have a printer that large. */
export interface NetworkPrinter {
  technology: Technology;
  size: BuildVolume;
  farms: number;
}

export interface PrintabilityInput {
  fileName: string;
  units: Units;
  /** The request's technology; null before the customer chose (walls are then judged as for FDM). */
  technology: Technology | null;
  /** As the analysis stores them: the file's own units, volume and area as if they were mm. */
  metrics: {
    bbox: Size3 | null;
    volumeCm3: number | null;
    surfaceAreaCm2: number | null;
    openEdgeCount: number | null;
    nonManifoldEdgeCount: number | null;
    shellCount: number | null;
    invertedNormals: boolean | null;
  };
  inspection: MeshInspection | null;
  /** The largest printer of each technology at each active farm (distinct sizes with their counts). */
  network: readonly NetworkPrinter[];
  /** The slicer's reason when it found nothing it could print in this file at this unit. */
  unprintableReason: string | null;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const mm = (value: number) => (value < 10 ? value.toFixed(1) : String(Math.round(value)));
const scalePoint = ([x, y, z]: Point3, f: number): Point3 => [x * f, y * f, z * f];

/** The area share of the measured surface thinner than `limit` (file units), from the quantiles. */
export function shareThinnerThan(quantiles: readonly number[], limit: number): number {
  const n = quantiles.length - 1;
  if (n < 1 || !(limit > (quantiles[0] ?? 0))) return 0;
  for (let i = 1; i <= n; i++) {
    const upper = quantiles[i] ?? 0;
    if (limit <= upper) {
      const lower = quantiles[i - 1] ?? 0;
      const within = upper > lower ? (limit - lower) / (upper - lower) : 1;
      return (i - 1 + within) / n;
    }
  }
  return 1;
}

/** The thickness below which `share` of the measured area lies (file units). */
export function thicknessAt(quantiles: readonly number[], share: number): number {
  const at = Math.min(Math.max(share, 0), 1) * (quantiles.length - 1);
  const i = Math.floor(at);
  const lower = quantiles[i] ?? 0;
  const upper = quantiles[Math.min(i + 1, quantiles.length - 1)] ?? lower;
  return lower + (upper - lower) * (at - i);
}

/** Appended to a blocking sentence when another unit would make the part a plausible size. */
function unitHint(input: PrintabilityInput): string {
  const bbox = input.metrics.bbox;
  const suggestion = suggestUnits(bbox, input.units, unitEvidence(input.metrics.volumeCm3, input.inspection));
  if (!bbox || !suggestion) return '';
  const g = MM_PER_UNIT[suggestion];
  const size = formatSizeMm({ x: bbox.x * g, y: bbox.y * g, z: bbox.z * g });
  return ` If it was drawn in ${UNIT_LABELS[suggestion].toLowerCase()}, choose that unit: it is then ${size}.`;
}

/** What the unit suggestion weighs besides the size: the part's volume and its finest features. */
export function unitEvidence(volumeCm3: number | null, inspection: MeshInspection | null): UnitEvidence {
  const quantiles = inspection?.thickness?.quantiles;
  return {
    volumeRawMm3: volumeCm3 === null ? null : volumeCm3 * 1000,
    thinWallRaw: quantiles ? thicknessAt(quantiles, 0.1) : null,
  };
}

/** Every printability finding of one file, blocking ones first. */
export function printabilityFindings(input: PrintabilityInput): Finding[] {
  const { metrics, inspection } = input;
  if (!metrics.bbox) return [];
  const f = MM_PER_UNIT[input.units];
  const size: Size3 = { x: metrics.bbox.x * f, y: metrics.bbox.y * f, z: metrics.bbox.z * f };
  const technology = input.technology ?? 'FFF/FDM';
  const findings: Finding[] = [];
  const name = input.fileName;
  const hasMesh = metrics.volumeCm3 !== null && metrics.surfaceAreaCm2 !== null;

  const volumeMm3 = (metrics.volumeCm3 ?? 0) * 1000 * f ** 3;
  const areaMm2 = (metrics.surfaceAreaCm2 ?? 0) * 100 * f * f;
  const open = (metrics.openEdgeCount ?? 0) > 0;
  const neverHit = open && inspection !== null && (inspection.thickness?.hitAreaShare ?? 0) < 0.05;
  const sheet = hasMesh && (areaMm2 === 0 || (2 * volumeMm3) / areaMm2 < SHEET_MM || neverHit);
  if (sheet) {
    findings.push({
      code: 'zero_volume',
      severity: 'blocks',
      message: `${name} is a surface with no inside, so there is nothing to fill with material. Export it as a closed solid (give the surface a thickness) and upload it again.`,
    });
  }

  if (input.unprintableReason) {
    findings.push({
      code: 'not_printable',
      severity: 'blocks',
      message: `Our slicer found nothing it can print in ${name}: ${input.unprintableReason.replace(/\.$/, '')}.${unitHint(input)}`,
    });
  } else if (hasMesh && !sheet) {
    const largest = Math.max(size.x, size.y, size.z);
    const thickest = inspection?.thickness ? thicknessAt(inspection.thickness.quantiles, 0.9) * f : null;
    const feature = MIN_FEATURE_MM[technology];
    if (largest < 1 || (thickest !== null && thickest < feature)) {
      const why =
        largest < 1
          ? `at ${formatSizeMm(size)} it is smaller than anything a printer can lay down`
          : `almost all of it is thinner than ${feature} mm, the finest ${technology} lays down`;
      findings.push({
        code: 'not_printable',
        severity: 'blocks',
        message: `${name} cannot be printed as it is: ${why}.${unitHint(input)}`,
      });
    }
  }

  // A sheet has nothing to print at any size: its size is not the problem to tell.
  if (!sheet) findings.push(...fitFindings(input, size));
  if (hasMesh && !sheet) {
    const unprintable = findings.some((finding) => finding.code === 'not_printable');
    // A part too thin to print at all is not also warned about its thin walls.
    findings.push(
      ...meshFindings(input, technology, f).filter((x) => !(unprintable && x.code === 'thin_wall')),
    );
  }
  const order: Record<FindingSeverity, number> = { blocks: 0, warns: 1, info: 2 };
  return findings.sort((a, b) => order[a.severity] - order[b.severity]);
}

/** Whether any printer in the network holds the part: blocks when none does, a note when few do. */
function fitFindings(input: PrintabilityInput, size: Size3): Finding[] {
  const technologies = input.technology ? [input.technology] : TECHNOLOGIES;
  const printers = input.network.filter((printer) => technologies.includes(printer.technology));
  const largest = largestBuildVolume(printers.map((printer) => printer.size));
  // A network without such printers says nothing about the part; quoting says there is no farm.
  if (!largest) return [];
  const holding = printers.filter((printer) => fitsBuildVolume(size, printer.size));
  if (holding.length === 0) {
    const others = input.technology
      ? [...new Set(input.network.filter((p) => fitsBuildVolume(size, p.size)).map((p) => p.technology))]
      : [];
    const alternative = others.length > 0 ? ` ${others.join(' or ')} farms in the network can print it.` : '';
    const what = input.technology ? `${input.technology} printer` : 'printer';
    return [
      {
        code: 'too_large',
        severity: 'blocks',
        message: `At ${formatSizeMm(size)}, ${input.fileName} is larger than any ${what} in the network holds (the largest takes ${formatSizeMm(largest)}). Split it into parts that fit.${alternative}${unitHint(input)}`,
      },
    ];
  }
  const technology = input.technology;
  if (technology && !fitsBuildVolume(size, TYPICAL_BUILD_VOLUME_MM[technology])) {
    const farms = holding.reduce((sum, printer) => sum + printer.farms, 0);
    return [
      {
        code: 'large_format',
        severity: 'info',
        message: `Only large-format ${technology} printers hold ${formatSizeMm(size)}: ${plural(farms, 'farm')} in the network ${farms === 1 ? 'has' : 'have'} one, so offers may come from further away.`,
      },
    ];
  }
  return [];
}

/** Walls, holes, non-manifold edges, inverted shells, several parts and support. */
function meshFindings(input: PrintabilityInput, technology: Technology, f: number): Finding[] {
  const { metrics, inspection } = input;
  const findings: Finding[] = [];
  const thickness = inspection?.thickness;
  if (thickness) {
    const minWall = MIN_WALL_MM[technology];
    const limit = (minWall * (1 - WALL_TOLERANCE)) / f;
    const share = shareThinnerThan(thickness.quantiles, limit);
    if (share >= THIN_SHARE) {
      // The thinnest hundredth of the surface, not the single thinnest sample: a ray from beside a sharp
      // edge measures next to nothing, which is the edge, not a wall.
      const thinnest = thicknessAt(thickness.quantiles, 0.01) * f;
      const floor = thinnest < 0.1 ? 'under 0.1 mm' : `${mm(thinnest)} mm`;
      const percent = Math.max(1, Math.round(share * 100));
      findings.push({
        code: 'thin_wall',
        severity: 'warns',
        message: `About ${percent} % of the surface of ${input.fileName} is on walls thinner than ${minWall} mm (down to ${floor}), the thinnest ${technology} prints reliably. Thin walls may break or come out with gaps: thicken them, or print as is.`,
        points: thickness.thinnest
          .filter(([, , , t]) => t < limit)
          .slice(0, MAX_POINTS)
          .map(([x, y, z]) => scalePoint([x, y, z], f)),
      });
    }
  }
  const openEdges = metrics.openEdgeCount ?? 0;
  if (openEdges > 0) {
    findings.push({
      code: 'open_edges',
      severity: 'warns',
      message: `${input.fileName} has holes in its surface (${plural(openEdges, 'open edge')}). The slicer closes small ones; a large hole can leave part of the surface missing.`,
      points: (inspection?.openEdgePoints ?? []).slice(0, MAX_POINTS).map((p) => scalePoint(p, f)),
    });
  }
  const nonManifold = metrics.nonManifoldEdgeCount ?? 0;
  if (nonManifold > 0) {
    findings.push({
      code: 'non_manifold_edges',
      severity: 'warns',
      message: `${plural(nonManifold, 'edge')} of ${input.fileName} ${nonManifold === 1 ? 'is' : 'are'} shared by more than two faces, where surfaces cross or touch. The slicer may fill or drop those places.`,
      points: (inspection?.nonManifoldPoints ?? []).slice(0, MAX_POINTS).map((p) => scalePoint(p, f)),
    });
  }
  const shells = inspection?.shells ?? [];
  const parts = shells.filter((shell) => !shell.enclosed);
  const insideOut = parts.filter((shell) => shell.signedVolume < 0);
  if (insideOut.length > 0 && insideOut.length < parts.length) {
    findings.push({
      code: 'inverted_normals',
      severity: 'warns',
      message: `${plural(insideOut.length, 'part')} of ${input.fileName} ${insideOut.length === 1 ? 'is' : 'are'} inside out (${insideOut.length === 1 ? 'its' : 'their'} faces point inward), which slicers can read as a hole instead of material.`,
      points: insideOut.slice(0, MAX_POINTS).map((shell) => scalePoint(shell.center, f)),
    });
  } else if (metrics.invertedNormals) {
    findings.push({
      code: 'inverted_normals',
      severity: 'info',
      message: `The faces of ${input.fileName} point inward; we measure and print the solid it describes.`,
    });
  }
  const pieces = inspection ? parts.length : (metrics.shellCount ?? 1);
  if (pieces > 1) {
    findings.push({
      code: 'several_shells',
      severity: 'info',
      message: `${input.fileName} holds ${pieces} separate pieces; they are printed together, ${pieces} pieces for each copy you order.`,
      points: parts.slice(0, MAX_POINTS).map((shell) => scalePoint(shell.center, f)),
    });
  }
  if (!SELF_SUPPORTING.has(technology)) {
    const chosen = chooseOrientation(inspection ?? null, input.units);
    if (chosen && chosen.supportVolumeCm3 >= SUPPORT_WORTH_CM3) {
      const area = `${chosen.overhangAreaCm2.toFixed(1)} cm²`;
      const how =
        chosen.key === 'z-'
          ? `About ${area} of ${input.fileName} overhangs`
          : `Printed ${ORIENTATION_LABELS[chosen.key]} (the orientation needing the least support), about ${area} of ${input.fileName} still overhangs`;
      findings.push({
        code: 'needs_support',
        severity: 'info',
        message: `${how} and is printed on supports, which leave marks where they are removed.`,
      });
    }
  }
  return findings;
}

export const hasWarnings = (findings: readonly Finding[]) => findings.some((f) => f.severity === 'warns');
