// Groups markers that would overlap into clusters with supercluster, for both maps (it runs in the marker
// worker). The offline map clusters in its own projected plane: its points are handed to supercluster as
// pseudo lng/lat whose Web-Mercator projection gives back the plane's coordinates, so that the radius is
// in screen pixels at every scale, including the scales below 1 a phone shows the whole US at.
import Supercluster from 'supercluster';
import {
  CLUSTER_MAX_ZOOM,
  type ClusterLevel,
  clusterLevel,
  levelShifts,
  PLANE_ZOOM_OFFSET,
} from './clusterLevels.ts';
import type { FarmMarker } from './markerFeed.ts';

/**
 * Markers closer than this (in screen pixels) are grouped. With the zoom rounded to the nearest level the
 * indexes have, markers left single end up at least about 32 px apart, the marker's own size.
 */
export const CLUSTER_RADIUS_PX = 40;

export interface FarmPoint {
  marker: FarmMarker;
  /** Position in the plane the index is built in (offline: frame units; Google: lng/lat). */
  x: number;
  y: number;
}

export type ClusterItem =
  | { kind: 'farm'; marker: FarmMarker; x: number; y: number }
  | { kind: 'cluster'; id: number; count: number; printers: number; x: number; y: number };

interface PointProps {
  index: number;
  printers: number;
}

interface ClusterProps {
  printers: number;
}

/** Side of the square (in plane units) that maps onto supercluster's unit world. */
const PLANE = 1024;

function planeToLngLat(x: number, y: number): [number, number] {
  const u = x / PLANE;
  const v = Math.min(Math.max(y / PLANE, 1e-9), 1 - 1e-9);
  const lng = u * 360 - 180;
  const lat = (360 * Math.atan(Math.exp(((180 - v * 360) * Math.PI) / 180))) / Math.PI - 90;
  return [lng, lat];
}

function lngLatToPlane(lng: number, lat: number): [number, number] {
  const sin = Math.sin((lat * Math.PI) / 180);
  const v = 0.5 - (0.25 * Math.log((1 + sin) / (1 - sin))) / Math.PI;
  return [(lng / 360 + 0.5) * PLANE, v * PLANE];
}

export interface FarmClusterIndex {
  /**
   * Clusters and single farms inside the box [minX, minY, maxX, maxY] at a map zoom: offline, log2 of the
   * screen pixels per frame unit; on Google, Google's zoom.
   */
  query(box: readonly [number, number, number, number], zoom: number): ClusterItem[];
  /** The same, at one level of one index (clusterLevels.ts). */
  queryLevel(box: readonly [number, number, number, number], level: ClusterLevel): ClusterItem[];
  /** The map zoom (same units as query) from which the cluster is split. */
  expansionZoom(clusterId: number): number;
  leaves(clusterId: number, limit: number): FarmPoint[];
  /** Builds what is not built yet, so that a later zoom does not wait for it. */
  warm(): void;
}

/** One supercluster index whose level z stands for z + shift: a larger extent makes the same radius finer. */
function levelIndex(points: readonly FarmPoint[], plane: boolean, shift: number) {
  const offset = plane ? PLANE_ZOOM_OFFSET : 0;
  const index = new Supercluster<PointProps, ClusterProps>({
    radius: CLUSTER_RADIUS_PX,
    // Offline: PLANE units span the world, so the radius at level z is radius × 2^(offset − shift − z) units.
    extent: (plane ? PLANE / 2 ** offset : 256) * 2 ** shift,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
    map: (props) => ({ printers: props.printers }),
    reduce: (total, props) => {
      total.printers += props.printers;
    },
  });
  index.load(
    points.map((point, i) => ({
      type: 'Feature' as const,
      properties: { index: i, printers: point.marker.printers },
      geometry: {
        type: 'Point' as const,
        coordinates: plane ? planeToLngLat(point.x, point.y) : [point.x, point.y],
      },
    })),
  );
  return { index, shift };
}

/**
 * An index over farm points. `plane: true` treats x/y as planar frame units (offline map); otherwise
 * x/y are lng/lat (Google Maps, whose zoom moves in whole steps).
 */
export function buildClusterIndex(
  points: readonly FarmPoint[],
  { plane }: { plane: boolean },
): FarmClusterIndex {
  // Each index is built when first asked for, so the first frame waits for one of them only.
  const shifts = levelShifts(plane);
  const offset = plane ? PLANE_ZOOM_OFFSET : 0;
  const built: ReturnType<typeof levelIndex>[] = [];
  const levelAt = (which: number) => {
    built[which] ??= levelIndex(points, plane, shifts[which] ?? 0);
    return built[which];
  };
  const toXY = (lng: number, lat: number): [number, number] => (plane ? lngLatToPlane(lng, lat) : [lng, lat]);
  const pointOf = (props: PointProps): FarmPoint => {
    const point = points[props.index];
    if (!point) throw new Error('cluster index out of step with its points');
    return point;
  };
  // A cluster's id tells which of the indexes it comes from.
  const split = (clusterId: number) => ({
    level: levelAt(clusterId % shifts.length),
    id: Math.floor(clusterId / shifts.length),
  });

  function queryLevel(
    [minX, minY, maxX, maxY]: readonly [number, number, number, number],
    { which, z }: ClusterLevel,
  ): ClusterItem[] {
    const [west, north] = plane ? planeToLngLat(Math.max(0, minX), Math.max(0, minY)) : [minX, maxY];
    const [east, south] = plane ? planeToLngLat(Math.min(PLANE, maxX), Math.min(PLANE, maxY)) : [maxX, minY];
    const { index } = levelAt(which);
    return index.getClusters([west, south, east, north], z).map((feature): ClusterItem => {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ('cluster' in props && props.cluster) {
        const [x, y] = toXY(lng, lat);
        return {
          kind: 'cluster',
          id: props.cluster_id * shifts.length + which,
          count: props.point_count,
          printers: props.printers,
          x,
          y,
        };
      }
      const point = pointOf(props as PointProps);
      return { kind: 'farm', marker: point.marker, x: point.x, y: point.y };
    });
  }

  return {
    query: (box, zoom) => queryLevel(box, clusterLevel(zoom, plane)),
    queryLevel,
    expansionZoom(clusterId) {
      const { level, id } = split(clusterId);
      // query takes the nearest level, so this one is in use from half a step (between indexes) below it.
      return level.index.getClusterExpansionZoom(id) + level.shift - offset - 0.5 / shifts.length;
    },
    leaves(clusterId, limit) {
      const { level, id } = split(clusterId);
      return level.index.getLeaves(id, limit).map((leaf) => pointOf(leaf.properties));
    },
    warm() {
      for (const which of shifts.keys()) levelAt(which);
    },
  };
}
