/// <reference types="google.maps" />
// The map with a Google key: Google Maps loaded through @googlemaps/js-api-loader v2 (setOptions +
// importLibrary), drawing the same marker feed, clusters (from the marker worker, in lng/lat), info
// windows, selection and fit as the offline map. Google's info window pans the map to show itself whole.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { CLUSTER_MAX_ZOOM } from '@printfarm/map/clusterLevels';
import type { ClusterItem, FarmPoint } from '@printfarm/map/clusters';
import {
  MAP_FIT_MAX_ZOOM,
  MAP_REGION_GOOGLE_ZOOM,
  MAP_START_ZOOM,
  MARKER_SIZE_PX,
  US_CENTRE,
} from '@printfarm/map/mapZoom';
import { type FarmMarker, markerTitle } from '@printfarm/map/markerFeed';
import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError, PickedFarmInfo, usePickedFarm } from './FarmInfo.tsx';
import type { FarmFocus } from './FarmMap.tsx';
import { type PickedFarm, pickedFromList, toMapFarm } from './farmView.ts';
import type { MarkerIndex } from './markerIndex.ts';

const MAX_RETRIES = 3;
const ORANGE = '#ea580c';
const SAME_SPOT_LIST_LIMIT = 50;

let configuredKey: string | null = null;

function configureLoader(apiKey: string): void {
  if (configuredKey === null) {
    setOptions({ key: apiKey, v: 'weekly', libraries: ['places', 'geometry'] });
    configuredKey = apiKey;
  } else if (configuredKey !== apiKey) {
    throw new Error('Loader must not be called again with different options');
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads the Maps API, retrying up to 3 times with a delay of attempt × 2^attempt ms. */
async function loadGoogleMaps(apiKey: string) {
  configureLoader(apiKey);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [maps, markers, core] = await Promise.all([
        importLibrary('maps'),
        importLibrary('marker'),
        importLibrary('core'),
      ]);
      return { maps, markers, core };
    } catch (error) {
      if (attempt > MAX_RETRIES) throw error;
      await wait(attempt * 2 ** attempt);
    }
  }
}

type Libraries = Awaited<ReturnType<typeof loadGoogleMaps>>;

export interface GoogleFarmMapProps {
  apiKey: string;
  index: MarkerIndex;
  /** The markers the worker holds, in lng/lat. */
  loaded: LoadedMarkers;
  focus: FarmFocus | null;
  onSelect: (farmId: string) => void;
  onRendered?: () => void;
  onFailed?: () => void;
}

function farmIcon(core: Libraries['core'], selected: boolean): google.maps.Symbol {
  return {
    path: core.SymbolPath.CIRCLE,
    scale: MARKER_SIZE_PX / 2,
    fillColor: ORANGE,
    fillOpacity: 1,
    strokeColor: selected ? '#7c2d12' : '#ffffff',
    strokeWeight: selected ? 4 : 3,
  };
}

function clusterIcon(core: Libraries['core'], count: number): google.maps.Symbol {
  return {
    path: core.SymbolPath.CIRCLE,
    scale: Math.min(32, 17 + Math.log2(count) * 2),
    fillColor: ORANGE,
    fillOpacity: 0.85,
    strokeColor: '#fed7aa',
    strokeWeight: 6,
  };
}

/** What the info window shows: a farm, or the farms at one address (which never split apart). */
type InfoContent = { kind: 'farm' } | { kind: 'sameSpot'; count: number; points: FarmPoint[] };

export function GoogleFarmMap({
  apiKey,
  index,
  loaded,
  focus,
  onSelect,
  onRendered,
  onFailed,
}: GoogleFarmMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [libraries, setLibraries] = useState<Libraries | null>(null);
  const [failed, setFailed] = useState(false);
  const mapRef = useRef<google.maps.Map | null>(null);
  const infoRef = useRef<google.maps.InfoWindow | null>(null);
  const markersRef = useRef(new Map<string, google.maps.Marker>());
  const [picked, setPicked] = useState<PickedFarm | null>(null);
  const pickedRef = useRef<PickedFarm | null>(null);
  pickedRef.current = picked;
  const [info, setInfo] = useState<InfoContent | null>(null);
  const infoContent = useMemo(() => document.createElement('div'), []);
  const details = usePickedFarm(picked, onSelect);
  const callbacks = useRef({ onRendered, onFailed });
  callbacks.current = { onRendered, onFailed };

  useEffect(() => {
    let live = true;
    loadGoogleMaps(apiKey).then(
      (result) => live && setLibraries(result),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [apiKey]);

  useEffect(() => {
    if (failed) callbacks.current.onFailed?.();
  }, [failed]);

  // Create the map once the API is there.
  useEffect(() => {
    if (!libraries || !boxRef.current || mapRef.current) return;
    mapRef.current = new libraries.maps.Map(boxRef.current, {
      center: US_CENTRE,
      zoom: MAP_START_ZOOM,
      styles: [{ featureType: 'poi', elementType: 'labels', stylers: [{ visibility: 'off' }] }],
      streetViewControl: false,
      mapTypeControl: false,
    });
    infoRef.current = new libraries.maps.InfoWindow({ content: infoContent });
    infoRef.current.addListener('closeclick', () => setInfo(null));
  }, [libraries, infoContent]);

  // Escape closes the info window, wherever the focus is.
  useEffect(() => {
    if (!info) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      infoRef.current?.close();
      setInfo(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [info]);

  // The picked farm's marker is drawn selected.
  useEffect(() => {
    if (!libraries) return;
    for (const [key, marker] of markersRef.current) {
      if (key.startsWith('f')) marker.setIcon(farmIcon(libraries.core, key === `f${picked?.markerId}`));
    }
  }, [picked, libraries]);

  // Show the clusters and farms inside the view whenever the view settles.
  useEffect(() => {
    const map = mapRef.current;
    if (!libraries || !map) return;
    const { core, markers: markerLib } = libraries;
    let live = true;
    let rendered = false;
    let asked = 0;
    const openFarm = (marker: FarmMarker, anchor: google.maps.Marker) => {
      setPicked({ ...marker, x: marker.lng, y: marker.lat, farm: null });
      setInfo({ kind: 'farm' });
      infoRef.current?.open({ map, anchor });
    };
    const openCluster = async (
      item: Extract<ClusterItem, { kind: 'cluster' }>,
      anchor: google.maps.Marker,
    ) => {
      const zoom = Math.ceil(await index.call('expansionZoom', { clusterId: item.id }));
      if (zoom > CLUSTER_MAX_ZOOM) {
        const points = await index.call('leaves', { clusterId: item.id, limit: SAME_SPOT_LIST_LIMIT });
        setInfo({ kind: 'sameSpot', count: item.count, points });
        infoRef.current?.open({ map, anchor });
        return;
      }
      map.panTo({ lat: item.y, lng: item.x });
      map.setZoom(Math.max(zoom, (map.getZoom() ?? MAP_START_ZOOM) + 1));
    };
    const draw = (items: ClusterItem[]) => {
      const keep = new Set<string>();
      for (const item of items) {
        const key = item.kind === 'farm' ? `f${item.marker.markerId}` : `c${item.id}:${item.count}`;
        keep.add(key);
        if (markersRef.current.has(key)) continue;
        const position = { lat: item.y, lng: item.x };
        const marker =
          item.kind === 'farm'
            ? new markerLib.Marker({
                map,
                position,
                title: markerTitle(item.marker),
                icon: farmIcon(core, item.marker.markerId === pickedRef.current?.markerId),
              })
            : new markerLib.Marker({
                map,
                position,
                title: `${item.count} print farms, ${item.printers.toLocaleString('en-US')} printers`,
                icon: clusterIcon(core, item.count),
                label: { text: String(item.count), color: '#ffffff', fontWeight: '700' },
                zIndex: 1000 + item.count,
              });
        marker.addListener('click', () => {
          if (item.kind === 'farm') openFarm(item.marker, marker);
          else void openCluster(item, marker);
        });
        markersRef.current.set(key, marker);
      }
      for (const [key, marker] of markersRef.current) {
        if (keep.has(key)) continue;
        marker.setMap(null);
        markersRef.current.delete(key);
      }
    };
    const render = () => {
      const bounds = map.getBounds();
      const zoom = map.getZoom() ?? MAP_START_ZOOM;
      if (!bounds) return;
      const sw = bounds.getSouthWest();
      const ne = bounds.getNorthEast();
      const west = sw.lng() <= ne.lng() ? sw.lng() : -180;
      const east = sw.lng() <= ne.lng() ? ne.lng() : 180;
      const ask = ++asked;
      index.call('query', { box: [west, sw.lat(), east, ne.lat()], zoom }).then(
        (items) => {
          // Only the answer for the latest view is drawn.
          if (!live || ask !== asked) return;
          draw(items);
          if (rendered) return;
          rendered = true;
          performance.mark('farm-map:rendered', { detail: { farms: loaded.count, items: items.length } });
          callbacks.current.onRendered?.();
        },
        () => live && setFailed(true),
      );
    };
    const listener = map.addListener('idle', render);
    // After the markers load, fit them all with the zoom capped at 15.
    if (loaded.bounds) {
      const [west, south, east, north] = loaded.bounds;
      map.fitBounds(new core.LatLngBounds({ lat: south, lng: west }, { lat: north, lng: east }));
      core.event.addListenerOnce(map, 'idle', () => {
        if ((map.getZoom() ?? 0) > MAP_FIT_MAX_ZOOM) map.setZoom(MAP_FIT_MAX_ZOOM);
      });
    } else render();
    return () => {
      live = false;
      listener.remove();
      for (const marker of markersRef.current.values()) marker.setMap(null);
      markersRef.current.clear();
    };
  }, [libraries, loaded, index]);

  // A farm picked from the list: shown with the states around it, its info window open.
  useEffect(() => {
    const map = mapRef.current;
    const farm = focus ? toMapFarm(focus.farm) : null;
    if (!map || !libraries || !farm?.coordinates) return;
    const { lat, lng } = farm.coordinates;
    let live = true;
    index.call('locate', { lat, lng, name: farm.companyName }).then((at) => {
      if (!live || !at) return;
      setPicked(pickedFromList(farm, at));
      setInfo({ kind: 'farm' });
      map.panTo({ lat, lng });
      map.setZoom(MAP_REGION_GOOGLE_ZOOM);
      libraries.core.event.addListenerOnce(map, 'idle', () => {
        const marker = markersRef.current.get(`f${at.markerId}`);
        if (marker) infoRef.current?.open({ map, anchor: marker });
        else {
          infoRef.current?.setPosition({ lat, lng });
          infoRef.current?.open({ map });
        }
      });
    });
    return () => {
      live = false;
    };
  }, [focus, libraries, index]);

  if (failed) {
    return (
      <div className="farm-map farm-map--status">
        <MapLoadingError />
      </div>
    );
  }
  return (
    <div className="farm-map farm-map--google">
      <div ref={boxRef} className="farm-map__google" data-ready={libraries ? true : undefined} />
      {!libraries && (
        <div className="farm-map__status">
          <Spinner size="md" decorative />
          <p>Loading interactive map...</p>
        </div>
      )}
      {info?.kind === 'farm' &&
        picked &&
        createPortal(
          <PickedFarmInfo picked={picked} farm={details.farm} failed={details.failed} />,
          infoContent,
        )}
      {info?.kind === 'sameSpot' &&
        createPortal(
          <div>
            <p className="farm-map__popup-heading">{info.count} print farms at this location</p>
            <ul className="farm-map__cluster-list">
              {info.points.map((point) => (
                <li key={point.marker.markerId}>
                  <button
                    type="button"
                    className="farm-map__cluster-item"
                    onClick={() => {
                      setPicked({ ...point.marker, x: point.x, y: point.y, farm: null });
                      setInfo({ kind: 'farm' });
                    }}
                  >
                    {markerTitle(point.marker)}
                  </button>
                </li>
              ))}
            </ul>
          </div>,
          infoContent,
        )}
    </div>
  );
}
