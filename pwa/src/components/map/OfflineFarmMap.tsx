// The map without a Google key: the US drawn from the prepared state shapes (Albers USA, Alaska and Hawaii
// in their insets), with pan and zoom done by one SVG transform, and the markers laid over it in screen
// pixels. The marker worker places and clusters the farms; this thread draws only what is in view.

import {
  clampZoom,
  fittedView,
  toScreen as frameToScreen,
  MAX_ZOOM,
  regionView,
  shapesTransform,
  zoomForScale,
} from '@printfarm/map/mapView';
import { MAP_START_ZOOM } from '@printfarm/map/mapZoom';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError } from './FarmInfo.tsx';
import { pickedFromPoint, SAME_SPOT_LIST_LIMIT, useFarmSelection } from './farmSelection.tsx';
import { pickedFromList, toMapFarm } from './farmView.ts';
import { FirstFrameSlot, MapControls } from './MapFrameParts.tsx';
import { type FarmFocus, type LiveFarmMapProps, useLiveMapReports } from './mapTypes.ts';
import { type ClusterOf, OfflineMarkers } from './OfflineMarkers.tsx';
import { OfflinePopups } from './OfflinePopups.tsx';
import { useBoxSize, usePanZoom, useShownItems } from './useOfflineView.ts';
import { loadedUsMap, loadUsMap } from './usMap.ts';
import type { UsMapPaths } from './usMapPaths.ts';

export interface OfflineFarmMapProps extends LiveFarmMapProps {
  /** The first frame drawn from the page's HTML, shown until this map has drawn its own ('' for none). */
  firstFrame?: string;
}

/** The state shapes, loaded once; `onFailed` when they cannot be. */
function useUsAtlas(onFailed: () => void) {
  const [atlas, setAtlas] = useState<UsMapPaths | null>(loadedUsMap);
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;
  useEffect(() => {
    if (loadedUsMap()) return;
    let live = true;
    loadUsMap().then(
      (paths) => live && setAtlas(paths),
      () => live && onFailedRef.current(),
    );
    return () => {
      live = false;
    };
  }, []);
  return atlas;
}

export function OfflineFarmMap({ firstFrame = '', ...live }: OfflineFarmMapProps) {
  const { index, loaded, focus, onSelect } = live;
  const boxRef = useRef<HTMLDivElement>(null);
  const { failed, fail, drawn } = useLiveMapReports(live);
  const atlas = useUsAtlas(fail);
  const size = useBoxSize(boxRef);
  const { view, setView, zoomBy, panBy, handlers } = usePanZoom(boxRef, size);
  const selection = useFarmSelection(onSelect);
  const { picked } = selection;
  const shownFocus = useRef<FarmFocus | null>(null);

  const { shown, firstView } = useShownItems({
    index,
    loaded,
    size,
    view,
    setView,
    onFailed: fail,
  });

  const ready = Boolean(atlas && size && view && !failed);
  useEffect(() => {
    if (ready && shown && shown.view === firstView.current) drawn(shown.items.length);
  });

  // A farm picked from the list: shown with the states around it, its info window open.
  const { pick } = selection;
  useEffect(() => {
    const farm = focus ? toMapFarm(focus.farm) : null;
    if (!focus || !farm?.coordinates || !size || shownFocus.current === focus) return;
    shownFocus.current = focus;
    const { lat, lng } = farm.coordinates;
    index.call('locate', { lat, lng, name: farm.companyName }).then((at) => {
      if (!at || shownFocus.current !== focus) return;
      pick(pickedFromList(farm, at));
      setView(regionView(size, at.x, at.y));
    });
  }, [focus, size, index, pick, setView]);

  async function openCluster(item: ClusterOf) {
    if (!size) return;
    const splitScale = 2 ** (await index.call('expansionZoom', { clusterId: item.id }));
    const zoom = zoomForScale(size, splitScale * 1.01);
    selection.closeInfo();
    if (zoom > MAX_ZOOM) {
      // Farms at the very same spot never split apart: list them instead.
      const points = await index.call('leaves', { clusterId: item.id, limit: SAME_SPOT_LIST_LIMIT });
      selection.listSameSpot({ x: item.x, y: item.y, count: item.count, points });
      return;
    }
    selection.closeSameSpot();
    setView((current) => ({
      cx: item.x,
      cy: item.y,
      zoom: clampZoom(Math.max(zoom, (current?.zoom ?? MAP_START_ZOOM) + 1)),
    }));
  }

  const toScreen = (x: number, y: number): [number, number] =>
    size && view ? frameToScreen(size, view, x, y) : [0, 0];

  return (
    <div className="farm-map-frame">
      <div
        ref={boxRef}
        className="farm-map farm-map--offline"
        data-ready={ready || undefined}
        data-zoom={view?.zoom.toFixed(2)}
        data-markers={loaded.count}
        role="application"
        aria-label="Map of print farms in the United States. Use the arrow keys to pan and plus or minus to zoom."
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the map pans and zooms with the keyboard, so it takes focus.
        tabIndex={0}
        {...handlers}
      >
        {firstFrame && !failed && !(ready && shown) && <FirstFrameSlot picture={firstFrame} />}
        {!ready && !failed && (
          <div className="farm-map__status">
            <Spinner size="md" decorative />
            <p>Loading interactive map...</p>
          </div>
        )}
        {failed && <MapLoadingError />}
        {ready && size && view && atlas && (
          <>
            <svg
              className="farm-map__svg"
              width={size.width}
              height={size.height}
              viewBox={`0 0 ${size.width} ${size.height}`}
              aria-hidden="true"
            >
              <g transform={shapesTransform(size, view)}>
                <path className="farm-map__land" d={atlas.land} vectorEffect="non-scaling-stroke" />
                <path className="farm-map__borders" d={atlas.borders} vectorEffect="non-scaling-stroke" />
              </g>
            </svg>
            <OfflineMarkers
              items={shown?.items}
              picked={picked}
              toScreen={toScreen}
              onCluster={(item) => void openCluster(item)}
              onFarm={(point) => selection.pick(pickedFromPoint(point))}
              onPicked={selection.reopen}
            />
            <OfflinePopups
              selection={selection}
              mapSize={size}
              toScreen={toScreen}
              onPan={(dx, dy) => panBy(-dx, -dy)}
            />
          </>
        )}
      </div>
      <MapControls
        disabled={!ready}
        onZoom={zoomBy}
        onShowAll={() => {
          selection.closeAll();
          if (size) setView(fittedView(size, loaded.bounds));
        }}
      />
    </div>
  );
}
