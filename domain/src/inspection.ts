// What the printability inspection measures on a mesh, after the analysis: wall thickness, the
// orientations worth printing in, and where the mesh's faults are. Every length is in the file's own
// units, as the analysis stores its metrics (domain/units.ts scales them on reading), so changing the
// unit never re-inspects the file.

export type Point3 = [number, number, number];

/** Row-major 3×3 rotation taking the file's coordinates to the print's (Z up, the plate below). */
export type Rotation3 = [number, number, number, number, number, number, number, number, number];

/**
 * Which side of the part faces the plate: 'z-' is the file as uploaded (its -Z side down), 'x+' its +X
 * side, and 'face' the largest flat face tilted off the file's axes that the part can rest on (a face
 * along an axis is one of the six), when there is one worth standing on (2 % of the surface or more).
 */
export const ORIENTATION_KEYS = ['z-', 'z+', 'x-', 'x+', 'y-', 'y+', 'face'] as const;
export type OrientationKey = (typeof ORIENTATION_KEYS)[number];

export interface OrientationCandidate {
  key: OrientationKey;
  rotation: Rotation3;
  /** The bounding box after the rotation. */
  bbox: { x: number; y: number; z: number };
  /**
   * Projected area of the facets that need support: undersides sloping less than 55° from the plate
   * (the farms' slicer's support threshold), not on the plate.
   */
  overhangArea: number;
  /** Σ over those facets of projected area × height above the plate. */
  supportVolume: number;
  /** Area of the facets resting on the plate (a larger footprint holds better). */
  plateArea: number;
}

export interface ThicknessProfile {
  /**
   * Rays cast (from area-weighted sample points on the surface, along the inward normal, to where they
   * leave the solid). Points on facets buried inside another shell (overlapping shells) cast none.
   */
  samples: number;
  /** Share of the sampled area whose ray met the opposite wall (an open mesh lets some escape). */
  hitAreaShare: number;
  /**
   * Area-weighted quantiles of the measured thickness: THICKNESS_QUANTILES + 1 values, q[i] the
   * thickness below which i / THICKNESS_QUANTILES of the measured area lies (q[0] the thinnest
   * sample, the last the thickest).
   */
  quantiles: number[];
  /** The thinnest places, thinnest first, spread over the part: [x, y, z, thickness]. */
  thinnest: [number, number, number, number][];
}

export const THICKNESS_QUANTILES = 32;

export interface ShellSummary {
  /** Centre of the shell's bounding box. */
  center: Point3;
  size: { x: number; y: number; z: number };
  /** Signed volume by the shell's winding: negative when it is inside out. */
  signedVolume: number;
  /** True when the shell's bounding box lies inside another shell's (a cavity, or a part in a part). */
  enclosed: boolean;
}

export interface MeshInspection {
  version: 1;
  /** Null when nothing could be measured: a flat sheet, or a mesh too open for any ray to return. */
  thickness: ThicknessProfile | null;
  /** The as-uploaded orientation first, then the others; at most one per key. */
  orientations: OrientationCandidate[];
  /** Midpoints of some open (boundary) edges and of some edges shared by more than two facets. */
  openEdgePoints: Point3[];
  nonManifoldPoints: Point3[];
  /** The connected shells, largest first (at most MAX_SHELLS_LISTED). */
  shells: ShellSummary[];
  durationMs: number;
  /**
   * CPU time the inspecting thread spent on it: what it costs, where durationMs also counts the time
   * a busy machine gave to others.
   */
  cpuMs: number;
}

export const MAX_SHELLS_LISTED = 16;
