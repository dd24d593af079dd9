import { describe, expect, it } from 'vitest';
import type { MeshInspection, OrientationCandidate } from './inspection.ts';
import { chooseOrientation } from './orientation.ts';
import {
  type NetworkPrinter,
  type PrintabilityInput,
  printabilityFindings,
  shareThinnerThan,
} from './printability.ts';

const IDENTITY: OrientationCandidate['rotation'] = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/** Quantiles of a profile where every measured wall is `thickness` (file units). */
const uniform = (thickness: number) => Array.from({ length: 33 }, () => thickness);

function inspection(overrides: Partial<MeshInspection> = {}): MeshInspection {
  return {
    version: 1,
    thickness: { samples: 4000, hitAreaShare: 1, quantiles: uniform(20), thinnest: [[0, 0, 0, 20]] },
    orientations: [
      {
        key: 'z-',
        rotation: IDENTITY,
        bbox: { x: 20, y: 20, z: 20 },
        overhangArea: 0,
        supportVolume: 0,
        plateArea: 400,
      },
    ],
    openEdgePoints: [],
    nonManifoldPoints: [],
    shells: [{ center: [10, 10, 10], size: { x: 20, y: 20, z: 20 }, signedVolume: 8000, enclosed: false }],
    durationMs: 1,
    cpuMs: 1,
    ...overrides,
  };
}

const FDM: NetworkPrinter[] = [
  { technology: 'FFF/FDM', size: { x: 256, y: 256, z: 256 }, farms: 40 },
  { technology: 'FFF/FDM', size: { x: 360, y: 360, z: 360 }, farms: 2 },
  { technology: 'SLS', size: { x: 550, y: 550, z: 460 }, farms: 1 },
];

function cube(overrides: Partial<PrintabilityInput> = {}): PrintabilityInput {
  return {
    fileName: 'part.stl',
    units: 'mm',
    technology: 'FFF/FDM',
    metrics: {
      bbox: { x: 20, y: 20, z: 20 },
      volumeCm3: 8,
      surfaceAreaCm2: 24,
      openEdgeCount: 0,
      nonManifoldEdgeCount: 0,
      shellCount: 1,
      invertedNormals: false,
    },
    inspection: inspection(),
    network: FDM,
    unprintableReason: null,
    ...overrides,
  };
}

const codes = (input: PrintabilityInput) =>
  printabilityFindings(input).map((finding) => `${finding.code}:${finding.severity}`);

describe('printability findings', () => {
  it('finds nothing to say about a clean 20 mm cube', () => {
    expect(printabilityFindings(cube())).toEqual([]);
  });

  it('blocks a flat sheet: no volume, nothing to fill', () => {
    const sheet = cube({
      metrics: { ...cube().metrics, bbox: { x: 40, y: 30, z: 0 }, volumeCm3: 0, surfaceAreaCm2: 24 },
      inspection: inspection({ thickness: null }),
    });
    expect(codes(sheet)).toEqual(['zero_volume:blocks']);
    // woody.obj: a flat sheet 348 × 404 mm is a sheet first; its size is not the news.
    const woody = cube({
      metrics: { ...cube().metrics, bbox: { x: 348, y: 404, z: 0 }, volumeCm3: 0, surfaceAreaCm2: 2800 },
      inspection: inspection({ thickness: null }),
    });
    expect(codes(woody)).toEqual(['zero_volume:blocks']);
    expect(printabilityFindings(sheet)[0]?.message).toContain('is a surface with no inside');
    // An open surface no ray ever crosses (a scanned skin) is a sheet too, whatever its signed volume.
    const skin = cube({
      metrics: { ...cube().metrics, openEdgeCount: 120, volumeCm3: 3 },
      inspection: inspection({
        thickness: { samples: 100, hitAreaShare: 0.01, quantiles: uniform(2), thinnest: [] },
      }),
    });
    expect(codes(skin)).toContain('zero_volume:blocks');
  });

  it('flags walls under the technology minimum, and not those at or above it', () => {
    const cup = (wall: number, technology: PrintabilityInput['technology'] = 'FFF/FDM') =>
      codes(
        cube({
          technology,
          inspection: inspection({
            thickness: {
              samples: 4000,
              hitAreaShare: 1,
              // 90 % of the area on walls of `wall`, the floor and rim thicker.
              quantiles: [...uniform(wall).slice(0, 30), 2, 2, 20],
              thinnest: [[1, 1, 10, wall]],
            },
          }),
        }),
      );
    expect(cup(0.4)).toEqual(['thin_wall:warns']);
    expect(cup(0.8)).toEqual([]);
    expect(cup(1.2)).toEqual([]);
    expect(cup(2.0)).toEqual([]);
    // Resin prints 0.4 mm walls.
    expect(cup(0.4, 'SLA/Resin')).toEqual([]);
    const [thin] = printabilityFindings(
      cube({
        units: 'cm',
        metrics: { ...cube().metrics, bbox: { x: 2, y: 2, z: 2 }, volumeCm3: 0.008, surfaceAreaCm2: 0.24 },
        inspection: inspection({
          thickness: { samples: 10, hitAreaShare: 1, quantiles: uniform(0.05), thinnest: [[1, 2, 3, 0.05]] },
        }),
      }),
    );
    expect(thin?.message).toContain('thinner than 0.8 mm (down to 0.5 mm)');
    expect(thin?.points).toEqual([[10, 20, 30]]);
  });

  it('blocks a part smaller than a printer lays down and says which unit would fit', () => {
    const beetle = cube({
      fileName: 'beetle.obj',
      metrics: {
        ...cube().metrics,
        bbox: { x: 0.36, y: 0.3, z: 0.89 },
        volumeCm3: 0.00002,
        surfaceAreaCm2: 0.004,
      },
      inspection: inspection({
        thickness: { samples: 100, hitAreaShare: 1, quantiles: uniform(0.1), thinnest: [] },
      }),
    });
    const [finding] = printabilityFindings(beetle);
    expect(finding?.code).toBe('not_printable');
    expect(finding?.severity).toBe('blocks');
    expect(finding?.message).toMatch(/If it was drawn in (inches|centimetres), choose that unit/);
  });

  it("blocks what the slicer could not print, with the slicer's reason", () => {
    const [finding] = printabilityFindings(cube({ unprintableReason: 'The print is empty.' }));
    expect(finding).toMatchObject({ code: 'not_printable', severity: 'blocks' });
    expect(finding?.message).toBe('Our slicer found nothing it can print in part.stl: The print is empty.');
  });

  it('checks the fit against the printers the farms have: large-format only, or none at all', () => {
    const big = (x: number, y: number, z: number) =>
      cube({
        metrics: {
          ...cube().metrics,
          bbox: { x, y, z },
          volumeCm3: (x * y * z) / 2000,
          surfaceAreaCm2: (2 * (x * y + y * z + x * z)) / 100,
        },
      });
    expect(codes(big(274, 252, 117))).toEqual(['large_format:info']);
    expect(printabilityFindings(big(274, 252, 117))[0]?.message).toContain('2 farms in the network have one');
    const huge = printabilityFindings(big(500, 400, 100));
    expect(huge.map((f) => f.code)).toEqual(['too_large']);
    expect(huge[0]?.message).toContain('the largest takes 360 × 360 × 360 mm');
    expect(huge[0]?.message).toContain('SLS farms in the network can print it');
    // beast.obj in metres read as mm: far too small, and the unit that fits is named.
    const inMetres = printabilityFindings(big(0.274, 0.252, 0.117));
    expect(inMetres.map((f) => f.code)).toEqual(['not_printable']);
    expect(inMetres[0]?.message).toContain(
      'If it was drawn in metres, choose that unit: it is then 274 × 252 × 117 mm.',
    );
    // With no printer of the technology in the network, the part is not the problem.
    expect(codes(big(500, 400, 100)).length).toBe(1);
    expect(codes({ ...big(500, 400, 100), network: [] })).toEqual([]);
  });

  it('warns about holes and crossing surfaces with where they are, in millimetres', () => {
    const holed = cube({
      units: 'in',
      metrics: { ...cube().metrics, bbox: { x: 1, y: 1, z: 1 }, openEdgeCount: 64, nonManifoldEdgeCount: 2 },
      inspection: inspection({
        openEdgePoints: [[1, 0.5, 1]],
        nonManifoldPoints: [[0, 0, 0]],
      }),
    });
    const findings = printabilityFindings(holed);
    expect(findings.map((f) => f.code)).toEqual(['open_edges', 'non_manifold_edges']);
    expect(findings[0]?.message).toContain('64 open edges');
    expect(findings[0]?.points).toEqual([[25.4, 12.7, 25.4]]);
  });

  it('tells several pieces from a cavity, and an inside-out piece from a whole inside-out file', () => {
    const piece = (x: number, signedVolume: number, enclosed = false) => ({
      center: [x, 0, 0] as [number, number, number],
      size: { x: 10, y: 10, z: 10 },
      signedVolume,
      enclosed,
    });
    expect(codes(cube({ inspection: inspection({ shells: [piece(0, 1000), piece(30, 1000)] }) }))).toEqual([
      'several_shells:info',
    ]);
    expect(codes(cube({ inspection: inspection({ shells: [piece(0, 1000), piece(30, -1000)] }) }))).toEqual([
      'inverted_normals:warns',
      'several_shells:info',
    ]);
    // A hollow box: its inner shell is inside out on purpose.
    expect(
      codes(cube({ inspection: inspection({ shells: [piece(0, 1000), piece(0, -100, true)] }) })),
    ).toEqual([]);
    expect(
      codes(
        cube({
          metrics: { ...cube().metrics, invertedNormals: true },
          inspection: inspection({ shells: [piece(0, -1000)] }),
        }),
      ),
    ).toEqual(['inverted_normals:info']);
  });

  it('notes support in the orientation needing least of it', () => {
    const candidates: OrientationCandidate[] = [
      {
        key: 'z-',
        rotation: IDENTITY,
        bbox: { x: 30, y: 10, z: 12 },
        overhangArea: 200,
        supportVolume: 2000,
        plateArea: 100,
      },
      {
        key: 'z+',
        rotation: IDENTITY,
        bbox: { x: 30, y: 10, z: 12 },
        overhangArea: 0,
        supportVolume: 0,
        plateArea: 300,
      },
    ];
    expect(codes(cube({ inspection: inspection({ orientations: candidates }) }))).toEqual([]);
    const stuck = [candidates[0] as OrientationCandidate];
    const [support] = printabilityFindings(cube({ inspection: inspection({ orientations: stuck }) }));
    expect(support?.code).toBe('needs_support');
    expect(support?.message).toContain('About 2.0 cm² of part.stl overhangs');
    // Powder holds an SLS part: no support to speak of.
    expect(codes(cube({ technology: 'SLS', inspection: inspection({ orientations: stuck }) }))).toEqual([]);
  });
});

describe('choosing the orientation', () => {
  const candidate = (
    key: OrientationCandidate['key'],
    bbox: OrientationCandidate['bbox'],
    support: number,
    plate = 0,
  ) => ({
    key,
    rotation: IDENTITY,
    bbox,
    overhangArea: support / 10,
    supportVolume: support,
    plateArea: plate,
  });

  it('takes the least support among orientations that fit the bed, then the lower, then the larger footprint', () => {
    const orientations = [
      candidate('z-', { x: 100, y: 100, z: 50 }, 5000),
      candidate('x+', { x: 50, y: 100, z: 100 }, 0, 50),
      candidate('y+', { x: 100, y: 50, z: 100 }, 0, 80),
      candidate('face', { x: 240, y: 100, z: 20 }, 0, 90),
    ];
    expect(chooseOrientation({ orientations }, 'mm')?.key).toBe('face');
    // On a 200 mm bed the flat face does not fit; of the two standing ones, the larger footprint.
    expect(chooseOrientation({ orientations }, 'mm', { x: 200, y: 200, z: 200 })?.key).toBe('y+');
    const inCm = chooseOrientation({ orientations }, 'cm', { x: 3000, y: 3000, z: 3000 });
    expect(inCm?.bboxMm).toEqual({ x: 2400, y: 1000, z: 200 });
    expect(chooseOrientation(null, 'mm')).toBeNull();
  });

  it('reads the share of the surface under a thickness from the quantiles', () => {
    const quantiles = Array.from({ length: 33 }, (_, i) => i / 32);
    expect(shareThinnerThan(quantiles, 0.5)).toBeCloseTo(0.5, 9);
    expect(shareThinnerThan(quantiles, 0)).toBe(0);
    expect(shareThinnerThan(quantiles, 2)).toBe(1);
  });
});
