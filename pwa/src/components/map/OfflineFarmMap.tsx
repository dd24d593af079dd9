// The map without a Google key: the US drawn from us-atlas in the Albers USA projection (Alaska and
// Hawaii in their usual insets), with pan and zoom done by one SVG transform, and the markers laid over
// it in screen pixels. Only the clusters and farms inside the view are rendered.
import { geoAlbersUsa, geoPath } from 'd3-geo';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { CloseIcon } from '../ui/icons.tsx';
import { Spinner } from '../ui/spinner.tsx';
import { buildClusterIndex, type ClusterItem, type FarmPoint } from './clusters.ts';
import { FarmInfo, MapLoadingError } from './FarmInfo.tsx';
import {
  MAP_FIT_MAX_ZOOM,
  MAP_SELECT_MIN_ZOOM,
  MAP_START_ZOOM,
  MARKER_SIZE_PX,
  type MapFarm,
  markerTitle,
} from './farmView.ts';

/** The projected frame the whole US fits in at zoom 4 (d3's standard Albers USA frame). */
const FRAME_W = 975;
const FRAME_H = 610;
const MIN_ZOOM = 3;
const MAX_ZOOM = 16;
const FIT_PADDING_PX = 56;

const projection = geoAlbersUsa()
  .scale(1300)
  .translate([FRAME_W / 2, FRAME_H / 2]);

interface Atlas {
  land: string;
  borders: string;
}

let atlasPromise: Promise<Atlas> | null = null;
let loadedAtlas: Atlas | null = null;

/** The state shapes, loaded once (their own chunk) and kept for every later map; safe to call early. */
export function loadAtlas(): Promise<Atlas> {
  atlasPromise ??= Promise.all([import('us-atlas/states-10m.json'), import('topojson-client')]).then(
    ([atlasModule, topojson]) => {
      performance.mark('farm-map:atlas-loaded');
      const us = atlasModule.default as unknown as Topology<{ states: GeometryCollection }>;
      const path = geoPath(projection);
      const atlas = {
        land: path(topojson.feature(us, us.objects.states)) ?? '',
        borders: path(topojson.mesh(us, us.objects.states, (a, b) => a !== b)) ?? '',
      };
      performance.mark('farm-map:atlas-ready');
      loadedAtlas = atlas;
      return atlas;
    },
  );
  atlasPromise.catch(() => {
    atlasPromise = null;
  });
  return atlasPromise;
}

/** Centre of the view in frame units and the zoom level (4 = the whole US fits the box). */
interface View {
  cx: number;
  cy: number;
  zoom: number;
}

const HOME_VIEW: View = { cx: FRAME_W / 2, cy: FRAME_H / 2, zoom: MAP_START_ZOOM };
const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

export interface OfflineFarmMapProps {
  farms: readonly MapFarm[];
  selectedFarmId: string | null | undefined;
  onSelect: (farmId: string) => void;
}

export function OfflineFarmMap({ farms, selectedFarmId, onSelect }: OfflineFarmMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [atlas, setAtlas] = useState<Atlas | null>(loadedAtlas);
  const [atlasFailed, setAtlasFailed] = useState(false);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<View>(HOME_VIEW);
  const [openFarmId, setOpenFarmId] = useState<string | null>(null);
  const [openCluster, setOpenCluster] = useState<{ id: number; x: number; y: number } | null>(null);
  const fittedFor = useRef<string | null>(null);
  // Becomes true in the same render as the first fitted view, so the rendered mark times real markers.
  const [fitted, setFitted] = useState(false);
  const renderedMarked = useRef(false);

  useEffect(() => {
    // The early download may have finished between this render and its effect.
    if (loadedAtlas) {
      setAtlas(loadedAtlas);
      return;
    }
    let live = true;
    loadAtlas().then(
      (loaded) => live && setAtlas(loaded),
      () => live && setAtlasFailed(true),
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

  const points = useMemo<FarmPoint[]>(() => {
    const placed: FarmPoint[] = [];
    for (const farm of farms) {
      if (!farm.coordinates) continue;
      const xy = projection([farm.coordinates.lng, farm.coordinates.lat]);
      if (xy) placed.push({ farm, x: xy[0], y: xy[1] });
    }
    return placed;
  }, [farms]);
  const pointById = useMemo(() => new Map(points.map((point) => [point.farm.id, point])), [points]);
  const index = useMemo(() => buildClusterIndex(points, { plane: true }), [points]);

  // Frame units → screen pixels at zoom 4, so the whole US fits the box.
  const baseScale = size ? Math.min(size.width / FRAME_W, size.height / FRAME_H) : 1;
  const scale = baseScale * 2 ** (view.zoom - MAP_START_ZOOM);
  const zoomForScale = (target: number) => MAP_START_ZOOM + Math.log2(target / baseScale);
  const toScreen = (x: number, y: number): [number, number] =>
    size ? [(x - view.cx) * scale + size.width / 2, (y - view.cy) * scale + size.height / 2] : [0, 0];

  // After the farms load (and whenever the set of placed farms changes), fit them all, zoom capped at 15.
  const pointsKey = useMemo(() => points.map((point) => point.farm.id).join(','), [points]);
  useLayoutEffect(() => {
    if (!size || !atlas || fittedFor.current === pointsKey) return;
    fittedFor.current = pointsKey;
    setFitted(true);
    if (points.length === 0) {
      setView(HOME_VIEW);
      return;
    }
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const { x, y } of points) {
      minX = Math.min(minX, x);
      minY = Math.min(minY, y);
      maxX = Math.max(maxX, x);
      maxY = Math.max(maxY, y);
    }
    const fitScale = Math.min(
      (size.width - 2 * FIT_PADDING_PX) / Math.max(maxX - minX, 1e-6),
      (size.height - 2 * FIT_PADDING_PX) / Math.max(maxY - minY, 1e-6),
    );
    setView({
      cx: (minX + maxX) / 2,
      cy: (minY + maxY) / 2,
      zoom: clampZoom(Math.min(MAP_FIT_MAX_ZOOM, zoomForScale(fitScale))),
    });
  });

  // A selected farm (from a marker or the list) pans the map there, zooms to at least 12, opens its window.
  useLayoutEffect(() => {
    if (!selectedFarmId) return;
    const point = pointById.get(selectedFarmId);
    setOpenFarmId(selectedFarmId);
    setOpenCluster(null);
    if (!point) return;
    setView((current) => ({ cx: point.x, cy: point.y, zoom: Math.max(current.zoom, MAP_SELECT_MIN_ZOOM) }));
  }, [selectedFarmId, pointById]);

  const items = useMemo<ClusterItem[]>(() => {
    if (!size) return [];
    const margin = MARKER_SIZE_PX / scale;
    const halfW = size.width / 2 / scale + margin;
    const halfH = size.height / 2 / scale + margin;
    return index.query(
      [view.cx - halfW, view.cy - halfH, view.cx + halfW, view.cy + halfH],
      Math.log2(scale),
    );
  }, [index, size, view, scale]);

  const ready = Boolean(atlas && size);
  useEffect(() => {
    if (!ready || !fitted || renderedMarked.current) return;
    renderedMarked.current = true;
    performance.mark('farm-map:rendered', { detail: { farms: points.length, items: items.length } });
  });

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
      const zoom = clampZoom(current.zoom + delta);
      const before = baseScale * 2 ** (current.zoom - MAP_START_ZOOM);
      const after = baseScale * 2 ** (zoom - MAP_START_ZOOM);
      // Keep the frame point under the cursor where it is.
      const fx = current.cx + (px - size.width / 2) / before;
      const fy = current.cy + (py - size.height / 2) / before;
      return { cx: fx - (px - size.width / 2) / after, cy: fy - (py - size.height / 2) / after, zoom };
    });
  }

  const zoomBy = (delta: number) => size && zoomAround(delta, size.width / 2, size.height / 2);
  const panBy = (dx: number, dy: number) =>
    setView((current) => {
      const s = baseScale * 2 ** (current.zoom - MAP_START_ZOOM);
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

  function openClusterAt(item: Extract<ClusterItem, { kind: 'cluster' }>) {
    const zoom = zoomForScale(2 ** index.expansionZoom(item.id));
    setOpenFarmId(null);
    if (zoom > MAX_ZOOM) {
      // Farms at the very same spot never split apart: list them instead.
      setOpenCluster({ id: item.id, x: item.x, y: item.y });
      return;
    }
    setOpenCluster(null);
    setView({ cx: item.x, cy: item.y, zoom: clampZoom(Math.max(zoom, view.zoom + 1)) });
  }

  function selectFarm(farm: MapFarm) {
    setOpenFarmId(farm.id);
    setOpenCluster(null);
    onSelect(farm.id);
  }

  const selectedPoint = selectedFarmId ? pointById.get(selectedFarmId) : undefined;
  const openPoint = openFarmId ? pointById.get(openFarmId) : undefined;
  const clusterFarms = openCluster ? index.leaves(openCluster.id) : [];

  return (
    <div
      ref={boxRef}
      className="farm-map farm-map--offline"
      data-ready={ready || undefined}
      data-zoom={view.zoom.toFixed(2)}
      data-markers={points.length}
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
      {!ready && !atlasFailed && (
        <div className="farm-map__status">
          <Spinner size="md" decorative />
          <p>Loading interactive map...</p>
        </div>
      )}
      {atlasFailed && <MapLoadingError />}
      {ready && size && atlas && (
        <>
          <svg
            className="farm-map__svg"
            width={size.width}
            height={size.height}
            viewBox={`0 0 ${size.width} ${size.height}`}
            aria-hidden="true"
          >
            <g
              transform={`translate(${size.width / 2 - view.cx * scale} ${size.height / 2 - view.cy * scale}) scale(${scale})`}
            >
              <path className="farm-map__land" d={atlas.land} vectorEffect="non-scaling-stroke" />
              <path className="farm-map__borders" d={atlas.borders} vectorEffect="non-scaling-stroke" />
            </g>
          </svg>
          <div className="farm-map__markers">
            {items.map((item) => {
              const [left, top] = toScreen(item.x, item.y);
              if (item.kind === 'cluster') {
                const diameter = Math.min(64, 34 + Math.log2(item.count) * 4);
                return (
                  <button
                    type="button"
                    key={`c${item.id}`}
                    className="farm-cluster"
                    style={{ transform: `translate(${left}px, ${top}px)`, width: diameter, height: diameter }}
                    aria-label={`${item.count} print farms here, zoom in`}
                    title={`${item.count} print farms`}
                    onClick={() => openClusterAt(item)}
                  >
                    {item.count}
                  </button>
                );
              }
              if (item.farm.id === selectedPoint?.farm.id) return null;
              return (
                <FarmMarker key={item.farm.id} farm={item.farm} left={left} top={top} onSelect={selectFarm} />
              );
            })}
            {selectedPoint && (
              <FarmMarker
                farm={selectedPoint.farm}
                left={toScreen(selectedPoint.x, selectedPoint.y)[0]}
                top={toScreen(selectedPoint.x, selectedPoint.y)[1]}
                selected
                onSelect={selectFarm}
              />
            )}
          </div>
          {openPoint && (
            <MapPopup
              at={toScreen(openPoint.x, openPoint.y)}
              label={`${openPoint.farm.companyName} details`}
              onClose={() => setOpenFarmId(null)}
            >
              <FarmInfo farm={openPoint.farm} />
            </MapPopup>
          )}
          {openCluster && (
            <MapPopup
              at={toScreen(openCluster.x, openCluster.y)}
              label="Print farms at this location"
              onClose={() => setOpenCluster(null)}
            >
              <p className="farm-map__popup-heading">{clusterFarms.length} print farms at this location</p>
              <ul className="farm-map__cluster-list">
                {clusterFarms.slice(0, 50).map((farm) => (
                  <li key={farm.id}>
                    <button type="button" className="farm-map__cluster-item" onClick={() => selectFarm(farm)}>
                      {markerTitle(farm)}
                    </button>
                  </li>
                ))}
              </ul>
            </MapPopup>
          )}
          <div className="farm-map__controls">
            <button type="button" aria-label="Zoom in" onClick={() => zoomBy(1)}>
              +
            </button>
            <button type="button" aria-label="Zoom out" onClick={() => zoomBy(-1)}>
              −
            </button>
            <button
              type="button"
              aria-label="Show all farms"
              title="Show all farms"
              onClick={() => {
                fittedFor.current = null;
                setOpenFarmId(null);
                setOpenCluster(null);
                setView({ ...view });
              }}
            >
              ⤢
            </button>
          </div>
        </>
      )}
    </div>
  );
}

function FarmMarker({
  farm,
  left,
  top,
  selected = false,
  onSelect,
}: {
  farm: MapFarm;
  left: number;
  top: number;
  selected?: boolean;
  onSelect: (farm: MapFarm) => void;
}) {
  return (
    <button
      type="button"
      className="farm-marker"
      data-farm-id={farm.id}
      data-selected={selected || undefined}
      style={{ transform: `translate(${left}px, ${top}px)` }}
      title={markerTitle(farm)}
      aria-label={markerTitle(farm)}
      aria-pressed={selected}
      onClick={() => onSelect(farm)}
    />
  );
}

function MapPopup({
  at: [left, top],
  label,
  onClose,
  children,
}: {
  at: [number, number];
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <div
      className="farm-map__popup"
      role="dialog"
      aria-label={label}
      style={{ transform: `translate(${left}px, ${top - MARKER_SIZE_PX / 2 - 10}px)` }}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <button type="button" className="farm-map__popup-close" aria-label="Close" onClick={onClose}>
        <CloseIcon size={14} />
      </button>
      {children}
    </div>
  );
}
