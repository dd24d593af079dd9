// Which of the cluster indexes (clusters.ts) and which of its whole levels a map zoom is drawn from. Kept
// apart from the indexes themselves, so that the map's first frame (drawFirstFrame.ts), which only picks
// the level its box shows, loads no clustering code.

/**
 * Offline, supercluster zoom = log2(screen pixels per frame unit) + this, so that a phone's whole-US
 * scale (about 0.35) is still a zoom level of its own instead of being counted as scale 1.
 */
export const PLANE_ZOOM_OFFSET = 4;
/** Past this supercluster zoom every farm is its own marker (farms at one address stay a cluster). */
export const CLUSTER_MAX_ZOOM = 17;

/**
 * Supercluster clusters at whole levels only. The offline map zooms smoothly, and a phone's scale sits
 * between levels: a second index half a level off keeps the radius on screen within 2^±¼ of its value.
 */
export const levelShifts = (plane: boolean): readonly number[] => (plane ? [0, 0.5] : [0]);

/** One level of one index: `which` indexes levelShifts, `z` is the supercluster zoom in it. */
export interface ClusterLevel {
  which: number;
  z: number;
}

/** The index and whole level nearest to a map zoom (offline: log2 of screen pixels per frame unit). */
export function clusterLevel(zoom: number, plane: boolean): ClusterLevel {
  const offset = plane ? PLANE_ZOOM_OFFSET : 0;
  const candidates = levelShifts(plane).map((shift, which) => {
    const wanted = zoom + offset - shift;
    const z = Math.min(CLUSTER_MAX_ZOOM + 1, Math.max(0, Math.round(wanted)));
    return { which, z, off: Math.abs(wanted - z) };
  });
  const best = candidates.reduce((a, b) => (b.off < a.off ? b : a));
  return { which: best.which, z: best.z };
}

/** A level's name in the first frame's data: 'which:z'. */
export const levelKey = ({ which, z }: ClusterLevel) => `${which}:${z}`;
