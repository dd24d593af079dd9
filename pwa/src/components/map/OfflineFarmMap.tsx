// The map without a Google key: the US drawn from the prepared state shapes (Albers USA, Alaska and Hawaii
// in their insets), with pan and zoom done by one SVG transform, and the markers laid over it in screen
// pixels. The marker worker places and clusters the farms; this thread draws only what is in view.

import type { ClusterItem, FarmPoint } from '@printfarm/map/clusters';
import { FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import {
  clampZoom,
  clusterDiameter,
  fittedView,
  toScreen as frameToScreen,
  MAX_ZOOM,
  regionView,
  type Size,
  scaleAt,
  shapesTransform,
  type View,
  viewBox,
  zoomForScale,
} from '@printfarm/map/mapView';
import { MAP_START_ZOOM } from '@printfarm/map/mapZoom';
import { type FarmMarker, markerTitle } from '@printfarm/map/markerFeed';
import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError, PickedFarmInfo, usePickedFarm } from './FarmInfo.tsx';
import type { FarmFocus } from './FarmMap.tsx';
import { type PickedFarm, pickedFromList, toMapFarm } from './farmView.ts';
import { MapPopup } from './MapPopup.tsx';
import type { MarkerIndex } from './markerIndex.ts';
import { loadedUsMap, loadUsMap } from './usMap.ts';
import type { UsMapPaths } from './usMapPaths.ts';

const SAME_SPOT_LIST_LIMIT = 50;

export interface OfflineFarmMapProps {
  index: MarkerIndex;
  /** The markers the worker holds. */
  loaded: LoadedMarkers;
  focus: FarmFocus | null;
  onSelect: (farmId: string) => void;
  /** Once, when the first fitted frame with its markers is on screen. */
  onRendered?: () => void;
  onFailed?: () => void;
  /** The first frame drawn from the page's HTML, shown until this map has drawn its own ('' for none). */
  firstFrame?: string;
}

export function OfflineFarmMap({
  index,
  loaded,
  focus,
  onSelect,
  onRendered,
  onFailed,
  firstFrame = '',
}: OfflineFarmMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [atlas, setAtlas] = useState<UsMapPaths | null>(loadedUsMap);
  const [failed, setFailed] = useState(false);
  const [size, setSize] = useState<Size | null>(null);
  const [view, setView] = useState<View | null>(null);
  const [shown, setShown] = useState<{ items: ClusterItem[]; view: View } | null>(null);
  const [picked, setPicked] = useState<PickedFarm | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [sameSpot, setSameSpot] = useState<{
    x: number;
    y: number;
    count: number;
    points: FarmPoint[];
  } | null>(null);
  // Each opening of an info window may pan the map once to show it whole.
  const [openings, setOpenings] = useState(0);
  const firstView = useRef<View | null>(null);
  const fittedFor = useRef<LoadedMarkers | null>(null);
  const shownFocus = useRef<FarmFocus | null>(null);
  const rendered = useRef(false);
  const details = usePickedFarm(picked, onSelect);

  useEffect(() => {
    if (loadedUsMap()) return;
    let live = true;
    loadUsMap().then(
      (paths) => live && setAtlas(paths),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  // Measured before the first paint, then kept up to date as the box resizes (inside the border).
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const width = box.clientWidth;
      const height = box.clientHeight;
      if (width > 0 && height > 0) {
        setSize((current) =>
          current?.width === width && current.height === height ? current : { width, height },
        );
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (failed) onFailed?.();
  }, [failed, onFailed]);

  // After the markers load (and again for each new feed), fit them all.
  useLayoutEffect(() => {
    if (!size || fittedFor.current === loaded) return;
    fittedFor.current = loaded;
    const fitted = fittedView(size, loaded.bounds);
    firstView.current ??= fitted;
    setView(fitted);
    setShown(null);
  }, [loaded, size]);

  // Ask the worker for the clusters and farms in view; answers to views since left are dropped.
  useEffect(() => {
    if (!size || !view) return;
    let live = true;
    const zoom = Math.log2(scaleAt(size, view.zoom));
    index.call('query', { box: viewBox(size, view), zoom }).then(
      (items) => live && setShown({ items, view }),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [index, size, view]);

  const ready = Boolean(atlas && size && view && !failed);
  useEffect(() => {
    if (rendered.current || !ready || !shown || shown.view !== firstView.current) return;
    rendered.current = true;
    performance.mark('farm-map:rendered', { detail: { farms: loaded.count, items: shown.items.length } });
    onRendered?.();
  });

  // A farm picked from the list: shown with the states around it, its info window open.
  useEffect(() => {
    const farm = focus ? toMapFarm(focus.farm) : null;
    if (!focus || !farm?.coordinates || !size || shownFocus.current === focus) return;
    shownFocus.current = focus;
    const { lat, lng } = farm.coordinates;
    index.call('locate', { lat, lng, name: farm.companyName }).then((at) => {
      if (!at || shownFocus.current !== focus) return;
      setPicked(pickedFromList(farm, at));
      setInfoOpen(true);
      setSameSpot(null);
      setOpenings((n) => n + 1);
      setView(regionView(size, at.x, at.y));
    });
  }, [focus, size, index]);

  // Escape closes the open info window or list, wherever the focus is.
  useEffect(() => {
    if (!infoOpen && !sameSpot) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setInfoOpen(false);
      setSameSpot(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [infoOpen, sameSpot]);

  // Wheel zoom around the cursor; a native listener because React's wheel handler is passive.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !size) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      zoomAround(-event.deltaY * 0.0025, event.clientX - rect.left, event.clientY - rect.top);
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  });

  function zoomAround(delta: number, px: number, py: number) {
    if (!size) return;
    setView((current) => {
      if (!current) return current;
      const zoom = clampZoom(current.zoom + delta);
      const before = scaleAt(size, current.zoom);
      const after = scaleAt(size, zoom);
      // Keep the frame point under the cursor where it is.
      const fx = current.cx + (px - size.width / 2) / before;
      const fy = current.cy + (py - size.height / 2) / before;
      return { cx: fx - (px - size.width / 2) / after, cy: fy - (py - size.height / 2) / after, zoom };
    });
  }

  const zoomBy = (delta: number) => size && zoomAround(delta, size.width / 2, size.height / 2);
  /** Moves the view by (dx, dy) screen pixels: what was there moves the other way. */
  const panBy = (dx: number, dy: number) =>
    setView((current) => {
      if (!current || !size) return current;
      const s = scaleAt(size, current.zoom);
      return { ...current, cx: current.cx + dx / s, cy: current.cy + dy / s };
    });

  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);
  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest('button, a, .farm-map__popup')) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved && Math.hypot(dx, dy) < 3) return;
    current.moved = true;
    current.x = event.clientX;
    current.y = event.clientY;
    panBy(-dx, -dy);
  }
  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    if (drag.current?.id === event.pointerId) drag.current = null;
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    const step = 80;
    switch (event.key) {
      case 'ArrowLeft':
        panBy(-step, 0);
        break;
      case 'ArrowRight':
        panBy(step, 0);
        break;
      case 'ArrowUp':
        panBy(0, -step);
        break;
      case 'ArrowDown':
        panBy(0, step);
        break;
      case '+':
      case '=':
        zoomBy(1);
        break;
      case '-':
        zoomBy(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  async function openCluster(item: Extract<ClusterItem, { kind: 'cluster' }>) {
    if (!size) return;
    const splitScale = 2 ** (await index.call('expansionZoom', { clusterId: item.id }));
    const zoom = zoomForScale(size, splitScale * 1.01);
    setInfoOpen(false);
    if (zoom > MAX_ZOOM) {
      // Farms at the very same spot never split apart: list them instead.
      const points = await index.call('leaves', { clusterId: item.id, limit: SAME_SPOT_LIST_LIMIT });
      setSameSpot({ x: item.x, y: item.y, count: item.count, points });
      return;
    }
    setSameSpot(null);
    setView((current) => ({
      cx: item.x,
      cy: item.y,
      zoom: clampZoom(Math.max(zoom, (current?.zoom ?? MAP_START_ZOOM) + 1)),
    }));
  }

  function openMarker(point: { marker: FarmMarker; x: number; y: number }) {
    const { marker, x, y } = point;
    setPicked({ ...marker, x, y, farm: null });
    setInfoOpen(true);
    setSameSpot(null);
    setOpenings((n) => n + 1);
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
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
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
            <div className="farm-map__markers">
              {shown?.items.map((item) => {
                const [left, top] = toScreen(item.x, item.y);
                if (item.kind === 'cluster') {
                  const diameter = clusterDiameter(item.count);
                  return (
                    <button
                      type="button"
                      key={`c${item.id}`}
                      className="farm-cluster"
                      style={{
                        transform: `translate(${left}px, ${top}px)`,
                        width: diameter,
                        height: diameter,
                      }}
                      aria-label={`${item.count} print farms here, zoom in`}
                      title={`${item.count} print farms, ${item.printers.toLocaleString('en-US')} printers`}
                      onClick={() => void openCluster(item)}
                    >
                      {item.count}
                    </button>
                  );
                }
                if (item.marker.markerId === picked?.markerId) return null;
                return (
                  <FarmMarkerButton
                    key={item.marker.markerId}
                    marker={item.marker}
                    left={left}
                    top={top}
                    onOpen={() => openMarker(item)}
                  />
                );
              })}
              {picked && (
                <FarmMarkerButton
                  marker={picked}
                  left={toScreen(picked.x, picked.y)[0]}
                  top={toScreen(picked.x, picked.y)[1]}
                  selected
                  onOpen={() => {
                    setInfoOpen(true);
                    setOpenings((n) => n + 1);
                  }}
                />
              )}
            </div>
            {picked && infoOpen && (
              <MapPopup
                anchor={toScreen(picked.x, picked.y)}
                mapSize={size}
                opening={openings}
                label={`${picked.name} details`}
                onPan={(dx, dy) => panBy(-dx, -dy)}
                onClose={() => setInfoOpen(false)}
              >
                <PickedFarmInfo picked={picked} farm={details.farm} failed={details.failed} />
              </MapPopup>
            )}
            {sameSpot && (
              <MapPopup
                anchor={toScreen(sameSpot.x, sameSpot.y)}
                mapSize={size}
                opening={openings}
                label="Print farms at this location"
                onPan={(dx, dy) => panBy(-dx, -dy)}
                onClose={() => setSameSpot(null)}
              >
                <p className="farm-map__popup-heading">{sameSpot.count} print farms at this location</p>
                <ul className="farm-map__cluster-list">
                  {sameSpot.points.map((point) => (
                    <li key={point.marker.markerId}>
                      <button
                        type="button"
                        className="farm-map__cluster-item"
                        onClick={() => openMarker(point)}
                      >
                        {markerTitle(point.marker)}
                      </button>
                    </li>
                  ))}
                </ul>
              </MapPopup>
            )}
          </>
        )}
      </div>
      <MapControls
        disabled={!ready}
        onZoom={zoomBy}
        onShowAll={() => {
          setInfoOpen(false);
          setSameSpot(null);
          if (size) setView(fittedView(size, loaded.bounds));
        }}
      />
    </div>
  );
}

/**
 * The map's first frame (drawFirstFrame.ts): a picture of the fitted view drawn from the page's HTML
 * before the app loaded, kept as it is (React does not touch what it holds) until the live map has
 * drawn the same view under it. Hidden from assistive technology, which hears the loading status.
 */
export function FirstFrameSlot({ picture }: { picture: string }) {
  return (
    <div
      className="farm-map__first-frame"
      {...{ [FIRST_FRAME_SLOT_ATTRIBUTE]: '' }}
      aria-hidden="true"
      inert
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own markup, read back from the DOM.
      dangerouslySetInnerHTML={{ __html: picture }}
    />
  );
}

/** Zoom in, zoom out and show all farms; drawn (disabled) while the map loads, so nothing moves when it is there. */
export function MapControls({
  disabled = false,
  onZoom,
  onShowAll,
}: {
  disabled?: boolean;
  onZoom?: (delta: number) => void;
  onShowAll?: () => void;
}) {
  return (
    <div className="farm-map__controls">
      <button type="button" aria-label="Zoom in" disabled={disabled} onClick={() => onZoom?.(1)}>
        +
      </button>
      <button type="button" aria-label="Zoom out" disabled={disabled} onClick={() => onZoom?.(-1)}>
        −
      </button>
      <button
        type="button"
        aria-label="Show all farms"
        title="Show all farms"
        disabled={disabled}
        onClick={onShowAll}
      >
        ⤢
      </button>
    </div>
  );
}

function FarmMarkerButton({
  marker,
  left,
  top,
  selected = false,
  onOpen,
}: {
  marker: Pick<FarmMarker, 'markerId' | 'name' | 'place'> | PickedFarm;
  left: number;
  top: number;
  selected?: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className="farm-marker"
      data-marker-id={marker.markerId ?? undefined}
      data-selected={selected || undefined}
      style={{ transform: `translate(${left}px, ${top}px)` }}
      title={markerTitle(marker)}
      aria-label={markerTitle(marker)}
      aria-pressed={selected}
      onClick={onOpen}
    />
  );
}
