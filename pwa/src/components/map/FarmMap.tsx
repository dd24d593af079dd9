// The print-farm map: Google Maps when the build has VITE_GOOGLE_MAPS_API_KEY, otherwise the offline
// SVG map. Both draw the marker feed (GET /api/print-farms/markers), placed and clustered by a worker,
// with the same info windows, selection and fit; a marker's farm is read when its marker is opened.
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { farmMarkerQueries } from '../../api/farmMarkers.ts';
import type { PublicFarm } from '../../api/printFarms.ts';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError } from './FarmInfo.tsx';
import { decodeMarkerFeed } from './markerFeed.ts';
import { createMarkerIndex, type MarkerIndex } from './markerIndex.ts';
import { MapControls, OfflineFarmMap } from './OfflineFarmMap.tsx';
import { loadUsMap, usMapUrl } from './usMap.ts';
import './map.css';

const GOOGLE_MAPS_API_KEY = (import.meta.env.VITE_GOOGLE_MAPS_API_KEY as string | undefined)?.trim() ?? '';

const GoogleFarmMap = lazy(() => import('./GoogleFarmMap.tsx').then((m) => ({ default: m.GoogleFarmMap })));

/** A farm picked from the list: the map shows it with the states around it. A new pick is a new object. */
export interface FarmFocus {
  farm: PublicFarm;
}

export interface FarmMapProps {
  focus: FarmFocus | null;
  /** A farm selected on the map, by its id, once its details are known. */
  onSelect: (farmId: string) => void;
  /** Once: the first frame with markers is on screen, or the map could not be shown. */
  onSettled?: () => void;
}

/** A box of the map's size while it loads; the offline map's buttons are already in place. */
function MapStatus({ text }: { text: string }) {
  const box = (
    <div className="farm-map farm-map--status">
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

/**
 * Has the browser fetch the marker feed and the state shapes from the page's first HTML on, in parallel
 * with the app's code (React places these links in the document's head).
 */
export function FarmMapPreload() {
  return (
    <>
      <link rel="preload" href="/api/print-farms/markers" as="fetch" crossOrigin="use-credentials" />
      {!GOOGLE_MAPS_API_KEY && <link rel="preload" href={usMapUrl} as="fetch" crossOrigin="anonymous" />}
    </>
  );
}

/** The map's marker worker, started as soon as the map is on the page and stopped with it. */
function useMarkerIndex(): MarkerIndex | null {
  const [index, setIndex] = useState<MarkerIndex | null>(null);
  useEffect(() => {
    const created = createMarkerIndex();
    setIndex(created);
    return () => created.dispose();
  }, []);
  return index;
}

export function FarmMap({ focus, onSelect, onSettled }: FarmMapProps) {
  const feed = useQuery(farmMarkerQueries.feed());
  const index = useMarkerIndex();
  const empty = feed.data !== undefined && isEmptyFeed(feed.data);
  useEffect(() => {
    if (!GOOGLE_MAPS_API_KEY) loadUsMap().catch(() => {});
  }, []);
  useEffect(() => {
    if (empty || feed.isError) onSettled?.();
  }, [empty, feed.isError, onSettled]);

  if (feed.isError) {
    return (
      <div className="farm-map farm-map--status">
        <MapLoadingError />
      </div>
    );
  }
  if (!feed.data) return <MapStatus text="Loading print farm locations..." />;
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
  if (!index) return <MapStatus text="Loading interactive map..." />;
  const props = { index, feed: feed.data, focus, onSelect, onRendered: onSettled, onFailed: onSettled };
  return GOOGLE_MAPS_API_KEY ? (
    <Suspense fallback={<MapStatus text="Loading interactive map..." />}>
      <GoogleFarmMap apiKey={GOOGLE_MAPS_API_KEY} {...props} />
    </Suspense>
  ) : (
    <OfflineFarmMap {...props} />
  );
}

/** Whether the feed lists no marker; any feed with one is larger than this, so only a tiny one is read here. */
function isEmptyFeed(feed: ArrayBuffer): boolean {
  if (feed.byteLength > 1024) return false;
  try {
    return decodeMarkerFeed(JSON.parse(new TextDecoder().decode(feed))).markers.length === 0;
  } catch {
    // Not JSON: no markers to show, as the spec reads a list that is not one.
    return true;
  }
}
