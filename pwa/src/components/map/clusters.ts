// Groups markers that would overlap into clusters with supercluster, for both maps. The offline map
// clusters in its own projected plane: its points are handed to supercluster as pseudo lng/lat whose
// Web-Mercator projection gives back exactly the plane's coordinates, so radius and zoom mean screen pixels.
import Supercluster from 'supercluster';
import type { MapFarm } from './farmView.ts';

export const CLUSTER_RADIUS_PX = 44;
/** Past this supercluster zoom every farm is its own marker. */
export const CLUSTER_MAX_ZOOM = 14;

export interface FarmPoint {
  farm: MapFarm;
  /** Position in the plane the index was built in (offline: projected pixels; Google: lng/lat). */
  x: number;
  y: number;
}

export type ClusterItem =
  | { kind: 'farm'; farm: MapFarm; x: number; y: number }
  | { kind: 'cluster'; id: number; count: number; x: number; y: number };

interface FarmProps {
  index: number;
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
  /** Clusters and single farms inside the box [minX, minY, maxX, maxY] at the given supercluster zoom. */
  query(box: readonly [number, number, number, number], zoom: number): ClusterItem[];
  expansionZoom(clusterId: number): number;
  leaves(clusterId: number): MapFarm[];
}

/**
 * An index over farm points. `plane: true` treats x/y as planar pixels (offline map, one zoom step doubles
 * the scale starting from 1 plane unit per pixel at zoom 0); otherwise x/y are lng/lat (Google Maps).
 */
export function buildClusterIndex(
  points: readonly FarmPoint[],
  { plane }: { plane: boolean },
): FarmClusterIndex {
  const index = new Supercluster<FarmProps>({
    radius: CLUSTER_RADIUS_PX,
    // Offline: the unit world is PLANE units wide, so a radius in px at zoom z is radius / 2^z plane units.
    extent: plane ? PLANE : 256,
    maxZoom: CLUSTER_MAX_ZOOM,
    minPoints: 2,
  });
  index.load(
    points.map((point, i) => ({
      type: 'Feature' as const,
      properties: { index: i },
      geometry: {
        type: 'Point' as const,
        coordinates: plane ? planeToLngLat(point.x, point.y) : [point.x, point.y],
      },
    })),
  );
  const toXY = (lng: number, lat: number): [number, number] => (plane ? lngLatToPlane(lng, lat) : [lng, lat]);

  return {
    query([minX, minY, maxX, maxY], zoom) {
      const [west, north] = plane ? planeToLngLat(Math.max(0, minX), Math.max(0, minY)) : [minX, maxY];
      const [east, south] = plane
        ? planeToLngLat(Math.min(PLANE, maxX), Math.min(PLANE, maxY))
        : [maxX, minY];
      const z = Math.max(0, Math.floor(zoom));
      return index.getClusters([west, south, east, north], z).map((feature): ClusterItem => {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        const props = feature.properties;
        if ('cluster' in props && props.cluster) {
          const [x, y] = toXY(lng, lat);
          return { kind: 'cluster', id: props.cluster_id, count: props.point_count, x, y };
        }
        const point = points[(props as FarmProps).index];
        if (!point) throw new Error('cluster index out of step with its points');
        return { kind: 'farm', farm: point.farm, x: point.x, y: point.y };
      });
    },
    expansionZoom(clusterId) {
      return index.getClusterExpansionZoom(clusterId);
    },
    leaves(clusterId) {
      return index
        .getLeaves(clusterId, Number.POSITIVE_INFINITY)
        .map((leaf) => points[(leaf.properties as FarmProps).index]?.farm)
        .filter((farm): farm is MapFarm => farm !== undefined);
    },
  };
}
