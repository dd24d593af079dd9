// The selection both live maps keep: the picked farm and its details, whether its info window is open,
// the farms listed at one spot (which never split apart), and Escape closing whatever is open.

import type { FarmPoint } from '@printfarm/map/clusters';
import { markerTitle } from '@printfarm/map/markerFeed';
import { useEffect, useMemo, useRef, useState } from 'react';
import { usePickedFarm } from './FarmInfo.tsx';
import type { PickedFarm } from './farmView.ts';

/** How many farms at one spot are listed. */
export const SAME_SPOT_LIST_LIMIT = 50;

/** The farms at one spot, listed in their own info window; x and y are where the spot is on the map. */
export interface SameSpot {
  x: number;
  y: number;
  count: number;
  points: FarmPoint[];
}

/** A farm point of a marker or a list, as the picked farm (its details are read when it is picked). */
export const pickedFromPoint = (point: Pick<FarmPoint, 'marker' | 'x' | 'y'>): PickedFarm => ({
  ...point.marker,
  x: point.x,
  y: point.y,
  farm: null,
});

/**
 * The selection on a map. `onEscape` runs as well when Escape closes what is open (the Google map closes
 * its own info window).
 */
export function useFarmSelection(onSelect: (farmId: string) => void, onEscape?: () => void) {
  const [picked, setPicked] = useState<PickedFarm | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [sameSpot, setSameSpot] = useState<SameSpot | null>(null);
  // Each opening of an info window may pan the map once to show it whole.
  const [openings, setOpenings] = useState(0);
  const details = usePickedFarm(picked, onSelect);
  const onEscapeRef = useRef(onEscape);
  onEscapeRef.current = onEscape;

  // Escape closes the open info window or list, wherever the focus is.
  useEffect(() => {
    if (!infoOpen && !sameSpot) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      onEscapeRef.current?.();
      setInfoOpen(false);
      setSameSpot(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [infoOpen, sameSpot]);

  const actions = useMemo(
    () => ({
      /** Picks a farm and opens its info window. */
      pick(farm: PickedFarm) {
        setPicked(farm);
        setInfoOpen(true);
        setSameSpot(null);
        setOpenings((n) => n + 1);
      },
      /** Opens the picked farm's info window again. */
      reopen() {
        setInfoOpen(true);
        setOpenings((n) => n + 1);
      },
      /** Lists the farms at one spot in place of the farm's info window. */
      listSameSpot(spot: SameSpot) {
        setInfoOpen(false);
        setSameSpot(spot);
      },
      closeInfo() {
        setInfoOpen(false);
      },
      closeSameSpot() {
        setSameSpot(null);
      },
      closeAll() {
        setInfoOpen(false);
        setSameSpot(null);
      },
    }),
    [],
  );

  return { picked, details, infoOpen, sameSpot, openings, ...actions };
}

export type FarmSelection = ReturnType<typeof useFarmSelection>;

/** What the info window of the farms at one spot shows: each farm, to pick. */
export function SameSpotList({ spot, onPick }: { spot: SameSpot; onPick: (point: FarmPoint) => void }) {
  return (
    <>
      <p className="farm-map__popup-heading">{spot.count} print farms at this location</p>
      <ul className="farm-map__cluster-list">
        {spot.points.map((point) => (
          <li key={point.marker.markerId}>
            <button type="button" className="farm-map__cluster-item" onClick={() => onPick(point)}>
              {markerTitle(point.marker)}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
