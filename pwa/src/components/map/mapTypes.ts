// What the print-farm map (FarmMap.tsx) and its two live maps (GoogleFarmMap.tsx, OfflineFarmMap.tsx)
// share: the farm picked from the list and the props each live map takes.

import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
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
