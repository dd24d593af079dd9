// The marker worker: reads and parses the marker feed, places every farm on the map's plane and keeps the
// cluster index, so that the page's main thread only draws what is in view (issue 14: the first frame at
// once). It starts while the page is still hydrating.
import { buildClusterIndex, type FarmClusterIndex, type FarmPoint } from '@printfarm/map/clusters';
import { decodeMarkerFeed } from '@printfarm/map/markerFeed';
import { markerPlacer, placeMarkers } from '@printfarm/map/markerPlacement';
import type { Box, MarkerCalls, MarkerRequest, MarkerResponse } from '@printfarm/map/markerProtocol';

interface WorkerScope {
  onmessage: ((event: MessageEvent<MarkerRequest>) => void) | null;
  postMessage(message: MarkerResponse): void;
}

const scope = self as unknown as WorkerScope;

let place = markerPlacer('frame');
let points: FarmPoint[] = [];
let index: FarmClusterIndex | null = null;
/** Markers by their coordinates as the feed rounded them, to find the marker of a farm from the list. */
let byPosition = new Map<string, FarmPoint[]>();
let scale = 1;

const positionKey = (lat: number, lng: number) => `${Math.round(lat * scale)},${Math.round(lng * scale)}`;

const calls: {
  [K in keyof MarkerCalls]: (
    args: MarkerCalls[K]['args'],
  ) => MarkerCalls[K]['result'] | Promise<MarkerCalls[K]['result']>;
} = {
  async load({ url, plane: target }) {
    const response = await fetch(url, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`${response.status}: the marker feed could not be read`);
    const decoded = decodeMarkerFeed(await response.json());
    place = markerPlacer(target);
    scale = decoded.scale;
    const placed = placeMarkers(decoded.markers, target);
    points = placed.points;
    byPosition = new Map();
    for (const point of points) {
      const key = positionKey(point.marker.lat, point.marker.lng);
      const same = byPosition.get(key);
      if (same) same.push(point);
      else byPosition.set(key, [point]);
    }
    index = buildClusterIndex(points, { plane: target === 'frame' });
    return { count: points.length, bounds: placed.bounds };
  },
  query({ box, zoom }: { box: Box; zoom: number }) {
    const items = index?.query(box, zoom) ?? [];
    // Once the first view is answered, the rest of the index is built while the map is looked at.
    const building = index;
    setTimeout(() => building?.warm(), 0);
    return items;
  },
  expansionZoom({ clusterId }) {
    return index?.expansionZoom(clusterId) ?? 0;
  },
  leaves({ clusterId, limit }) {
    return index?.leaves(clusterId, limit) ?? [];
  },
  locate({ lat, lng, name }) {
    const xy = place(lat, lng);
    if (!xy) return null;
    const same = byPosition.get(positionKey(lat, lng)) ?? [];
    const marker = same.find((point) => point.marker.name === name)?.marker;
    return { x: xy[0], y: xy[1], markerId: marker?.markerId ?? null };
  },
};

scope.onmessage = async ({ data }) => {
  try {
    const run = calls[data.call] as (args: unknown) => unknown;
    scope.postMessage({ seq: data.seq, result: await run(data.args) });
  } catch (error) {
    scope.postMessage({ seq: data.seq, error: error instanceof Error ? error.message : String(error) });
  }
};
