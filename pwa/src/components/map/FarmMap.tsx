// The print-farm map: Google Maps when the build has VITE_GOOGLE_MAPS_API_KEY, otherwise the offline
// SVG map. Both draw the marker feed (GET /api/print-farms/markers), read, placed and clustered by a
// worker, with the same info windows, selection and fit; a marker's farm is read when it is opened. On
// the network page the offline map's first frame, drawn from the page's HTML before the app loaded
// (drawFirstFrame.ts), stays on screen as it is until the live map has drawn the same view.

import { FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError } from './FarmInfo.tsx';
import { FirstFrameSlot, MapControls } from './MapFrameParts.tsx';
import type { FarmFocus } from './mapTypes.ts';
import { OfflineFarmMap } from './OfflineFarmMap.tsx';
import { useMarkerIndex } from './useMarkerIndex.ts';
import { loadUsMap } from './usMap.ts';
import './map.css';

const GOOGLE_MAPS_API_KEY = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() ?? '';

const GoogleFarmMap = lazy(() => import('./GoogleFarmMap.tsx').then((m) => ({ default: m.GoogleFarmMap })));

/**
 * The first frame drawn from the page's HTML before the app loaded (drawFirstFrame.ts), read as the map
 * first renders; '' when there is none, and once the live map has drawn its own: a map shown again on
 * this page starts from its live view.
 */
let drawnFirstFrame: string | null = null;
const firstFrameOnPage = () => {
  drawnFirstFrame ??=
    typeof document === 'undefined'
      ? ''
      : (document.querySelector(`[${FIRST_FRAME_SLOT_ATTRIBUTE}]`)?.innerHTML ?? '');
  return drawnFirstFrame;
};

export interface FarmMapProps {
  focus: FarmFocus | null;
  /** A farm selected on the map, by its id, once its details are known. */
  onSelect: (farmId: string) => void;
  /** Once: the first frame with markers is on screen, or the map could not be shown. */
  onSettled?: () => void;
}

/**
 * A box of the map's size while it loads; the offline map's buttons are already in place, and its first
 * frame, drawn from the page's HTML, is kept on screen.
 */
function MapStatus({ text, firstFrame }: { text: string; firstFrame: string }) {
  const box = (
    <div className="farm-map farm-map--status">
      {!GOOGLE_MAPS_API_KEY && <FirstFrameSlot picture={firstFrame} />}
      <div className="farm-map__status">
        <Spinner size="md" decorative />
        <p>{text}</p>
      </div>
    </div>
  );
  if (GOOGLE_MAPS_API_KEY) return box;
  return (
    <div className="farm-map-frame">
      {box}
      <MapControls disabled />
    </div>
  );
}

export function FarmMap({ focus, onSelect, onSettled }: FarmMapProps) {
  const { index, loaded, failed } = useMarkerIndex(GOOGLE_MAPS_API_KEY ? 'lnglat' : 'frame');
  const [firstFrame, setFirstFrame] = useState(firstFrameOnPage);
  const onRendered = useCallback(() => {
    drawnFirstFrame = '';
    setFirstFrame('');
    onSettled?.();
  }, [onSettled]);
  const empty = loaded?.count === 0;
  useEffect(() => {
    if (!GOOGLE_MAPS_API_KEY) loadUsMap().catch(() => {});
  }, []);
  useEffect(() => {
    if (empty || failed) onSettled?.();
  }, [empty, failed, onSettled]);

  if (failed) {
    return (
      <div className="farm-map farm-map--status">
        <MapLoadingError />
      </div>
    );
  }
  if (!index || !loaded) return <MapStatus text="Loading print farm locations..." firstFrame={firstFrame} />;
  if (empty) {
    return (
      <div className="farm-map farm-map--status">
        <div className="farm-map__status farm-map__empty">
          <p className="farm-map__status-title">No Print Farms Yet</p>
          <p>Be the first to register your print farm and appear on the map!</p>
        </div>
      </div>
    );
  }
  const props = { index, loaded, focus, onSelect, onRendered, onFailed: onSettled };
  return GOOGLE_MAPS_API_KEY ? (
    <Suspense fallback={<MapStatus text="Loading interactive map..." firstFrame="" />}>
      <GoogleFarmMap apiKey={GOOGLE_MAPS_API_KEY} {...props} />
    </Suspense>
  ) : (
    <OfflineFarmMap {...props} firstFrame={firstFrame} />
  );
}
