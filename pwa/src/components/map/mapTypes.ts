// What the print-farm map (FarmMap.tsx) and its two live maps (GoogleFarmMap.tsx, OfflineFarmMap.tsx)
// share: the farm picked from the list, the props each live map takes and how it reports back.

import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicFarm } from '../../api/printFarms.ts';
import type { MarkerIndex } from './markerIndex.ts';

/** A farm picked from the list: the map shows it with the states around it. A new pick is a new object. */
export interface FarmFocus {
  farm: PublicFarm;
}

/** What both live maps take from FarmMap. */
export interface LiveFarmMapProps {
  index: MarkerIndex;
  /** The markers the worker holds. */
  loaded: LoadedMarkers;
  focus: FarmFocus | null;
  onSelect: (farmId: string) => void;
  /** Once, when the first fitted frame with its markers is on screen. */
  onRendered?: () => void;
  onFailed?: () => void;
}

/**
 * A live map's two reports to FarmMap, each made once: its first fitted frame drawn with its markers
 * (`drawn`, with the number of items on it), or that it cannot show the map (`fail`).
 */
export function useLiveMapReports({ loaded, onRendered, onFailed }: LiveFarmMapProps) {
  const [failed, setFailed] = useState(false);
  const reports = useRef({ onRendered, onFailed });
  reports.current = { onRendered, onFailed };
  const rendered = useRef(false);
  useEffect(() => {
    if (failed) reports.current.onFailed?.();
  }, [failed]);
  const fail = useCallback(() => setFailed(true), []);
  const drawn = useCallback(
    (items: number) => {
      if (rendered.current) return;
      rendered.current = true;
      performance.mark('farm-map:rendered', { detail: { farms: loaded.count, items } });
      reports.current.onRendered?.();
    },
    [loaded],
  );
  return { failed, fail, drawn };
}

export type LiveMapReports = ReturnType<typeof useLiveMapReports>;
