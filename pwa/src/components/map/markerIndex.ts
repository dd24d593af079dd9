// The map's side of the marker worker: one worker per page, each call a promise. On the network page it
// is started by the map's first frame as the app starts loading (drawFirstFrame.ts), so that the feed is
// read and clustered while the app loads; elsewhere as the map first renders (useMarkerIndex.ts).

import type {
  LoadedMarkers,
  MarkerCall,
  MarkerCalls,
  MarkerPlane,
  MarkerRequest,
  MarkerResponse,
} from '@printfarm/map/markerProtocol';
import { MARKER_FEED_URL } from '../../api/farmMarkerFeed.ts';

export interface MarkerIndex {
  /** The feed read, placed and indexed: asked for as soon as the worker starts. */
  readonly ready: Promise<LoadedMarkers>;
  call<K extends MarkerCall>(call: K, args: MarkerCalls[K]['args']): Promise<MarkerCalls[K]['result']>;
}

function createMarkerIndex(plane: MarkerPlane): MarkerIndex {
  const worker = new Worker(new URL('./markerWorker.ts', import.meta.url), {
    type: 'module',
    name: 'farm-markers',
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let seq = 0;
  worker.onmessage = ({ data }: MessageEvent<MarkerResponse>) => {
    const waiting = pending.get(data.seq);
    if (!waiting) return;
    pending.delete(data.seq);
    if ('error' in data) waiting.reject(new Error(data.error));
    else waiting.resolve(data.result);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    for (const { reject } of pending.values()) {
      reject(new Error(event.message || 'The map could not start its marker worker'));
    }
    pending.clear();
  };
  const call: MarkerIndex['call'] = (name, args) => {
    seq += 1;
    const request = { seq, call: name, args } as MarkerRequest;
    return new Promise((resolve, reject) => {
      pending.set(request.seq, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage(request);
    });
  };
  const ready = call('load', { url: MARKER_FEED_URL, plane });
  ready.then(
    (result) => performance.mark('farm-map:markers-ready', { detail: { farms: result.count } }),
    // A feed that cannot be read is the map's to show (useMarkerIndex), and made afresh by markerIndexFor.
    () => {},
  );
  return { ready, call };
}

let pageIndex: { plane: MarkerPlane; index: MarkerIndex; failed: boolean } | null = null;

/** The page's marker index, kept for later maps on the page; made afresh after a failed read. */
export function markerIndexFor(plane: MarkerPlane): MarkerIndex | null {
  // The prerenderer has no workers: the map renders as loading there.
  if (typeof Worker === 'undefined') return null;
  if (!pageIndex || pageIndex.plane !== plane || pageIndex.failed) {
    const entry = { plane, index: createMarkerIndex(plane), failed: false };
    entry.index.ready.catch(() => {
      entry.failed = true;
    });
    pageIndex = entry;
  }
  return pageIndex.index;
}
