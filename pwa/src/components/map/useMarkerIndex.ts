// The map's marker index (markerIndex.ts) for a React component, and the markers it holds once read.

import type { LoadedMarkers, MarkerPlane } from '@printfarm/map/markerProtocol';
import { useEffect, useState } from 'react';
import { markerIndexFor } from './markerIndex.ts';

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
      (result) => live && setLoaded(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [index]);
  return { index, loaded, failed };
}
