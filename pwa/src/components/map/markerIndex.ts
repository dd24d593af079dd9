// The map's side of the marker worker: one worker per page, started as the map first renders (before the
// page has finished hydrating) so that the feed is read and clustered in parallel; each call a promise.
import { useEffect, useState } from 'react';
import { MARKER_FEED_URL } from '../../api/farmMarkers.ts';
import type {
  LoadedMarkers,
  MarkerCall,
  MarkerCalls,
  MarkerPlane,
  MarkerRequest,
  MarkerResponse,
} from './markerProtocol.ts';

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
  return { ready: call('load', { url: MARKER_FEED_URL, plane }), call };
}

let pageIndex: { plane: MarkerPlane; index: MarkerIndex; failed: boolean } | null = null;

/** The page's marker index, kept for later maps on the page; made afresh after a failed read. */
function markerIndexFor(plane: MarkerPlane): MarkerIndex | null {
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

/** The map's marker index, and the markers it holds once the feed has been read. */
export function useMarkerIndex(plane: MarkerPlane) {
  // Made during the first render, so the worker starts before the rest of the page has hydrated.
  const [index] = useState(() => markerIndexFor(plane));
  const [loaded, setLoaded] = useState<LoadedMarkers | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!index) return;
    let live = true;
    index.ready.then(
      (result) => {
        if (!live) return;
        performance.mark('farm-map:markers-ready', { detail: { farms: result.count } });
        setLoaded(result);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [index]);
  return { index, loaded, failed };
}
