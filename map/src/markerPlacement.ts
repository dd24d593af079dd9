// Farms placed on a map's plane: the marker worker places the feed this way, and so does the server for
// the map's first frame (mapFirstFrame.ts), so that both cluster the very same points.
import type { FarmPoint } from './clusters.ts';
import type { FarmMarker } from './markerFeed.ts';
import type { Box, MarkerPlane } from './markerProtocol.ts';
import { usProjection } from './usProjection.ts';

export interface PlacedMarkers {
  /** The markers the plane has a place for, in feed order. */
  points: FarmPoint[];
  /** The box around them, null when there are none. */
  bounds: Box | null;
}

/** 'frame': the offline map's Albers USA frame, which leaves out what is not in the US; 'lnglat': as is. */
export function markerPlacer(plane: MarkerPlane): (lat: number, lng: number) => [number, number] | null {
  const projection = plane === 'frame' ? usProjection() : null;
  return (lat, lng) => {
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) return null;
    return projection ? projection([lng, lat]) : [lng, lat];
  };
}

export function placeMarkers(markers: readonly FarmMarker[], plane: MarkerPlane): PlacedMarkers {
  const place = markerPlacer(plane);
  const points: FarmPoint[] = [];
  let bounds: [number, number, number, number] | null = null;
  for (const marker of markers) {
    const xy = place(marker.lat, marker.lng);
    if (!xy) continue;
    const [x, y] = xy;
    points.push({ marker, x, y });
    bounds = bounds
      ? [Math.min(bounds[0], x), Math.min(bounds[1], y), Math.max(bounds[2], x), Math.max(bounds[3], y)]
      : [x, y, x, y];
  }
  return { points, bounds };
}
