// The messages between the map and its marker worker (markerWorker.ts): the worker reads the feed,
// places and clusters the markers; the map asks it what to draw for the view it shows.
import type { ClusterItem, FarmPoint } from './clusters.ts';

/** 'frame': the offline map's Albers USA frame (usFrame.ts); 'lnglat': Google's longitude and latitude. */
export type MarkerPlane = 'frame' | 'lnglat';

/** [minX, minY, maxX, maxY] in the plane's units. */
export type Box = readonly [number, number, number, number];

export interface LoadedMarkers {
  /** Markers placed on the plane (a farm the projection cannot place is left out). */
  count: number;
  /** The box around them, null when there are none. */
  bounds: Box | null;
}

/** Where a farm from the list lands on the plane, and its marker there if the feed has it. */
export interface LocatedFarm {
  x: number;
  y: number;
  markerId: number | null;
}

export interface MarkerCalls {
  /** Reads the marker feed from the API itself, so the page's main thread never holds it. */
  load: { args: { url: string; plane: MarkerPlane }; result: LoadedMarkers };
  query: { args: { box: Box; zoom: number }; result: ClusterItem[] };
  expansionZoom: { args: { clusterId: number }; result: number };
  leaves: { args: { clusterId: number; limit: number }; result: FarmPoint[] };
  locate: { args: { lat: number; lng: number; name: string }; result: LocatedFarm | null };
}

export type MarkerCall = keyof MarkerCalls;

export type MarkerRequest = {
  [K in MarkerCall]: { seq: number; call: K; args: MarkerCalls[K]['args'] };
}[MarkerCall];

export type MarkerResponse = { seq: number; result: unknown } | { seq: number; error: string };
