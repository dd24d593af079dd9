/// <reference types="google.maps" />
// The map with a Google key: Google Maps loaded through @googlemaps/js-api-loader v2 (setOptions +
// importLibrary), with the same markers, clusters, info windows, selection and fit as the offline map.
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../ui/spinner.tsx';
import { buildClusterIndex, type ClusterItem } from './clusters.ts';
import { FarmInfo, MapLoadingError } from './FarmInfo.tsx';
import {
  MAP_FIT_MAX_ZOOM,
  MAP_SELECT_MIN_ZOOM,
  MAP_START_ZOOM,
  MARKER_SIZE_PX,
  type MapFarm,
  markerTitle,
  US_CENTRE,
} from './farmView.ts';

const MAX_RETRIES = 3;
const ORANGE = '#ea580c';

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
  farms: readonly MapFarm[];
  selectedFarmId: string | null | undefined;
  onSelect: (farmId: string) => void;
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

export function GoogleFarmMap({ apiKey, farms, selectedFarmId, onSelect }: GoogleFarmMapProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const [libraries, setLibraries] = useState<Libraries | null>(null);
  const [failed, setFailed] = useState(false);
  const mapRef = useRef<google.maps.Map | null>(null);
  const infoRef = useRef<google.maps.InfoWindow | null>(null);
  const markersRef = useRef(new Map<string, google.maps.Marker>());
  const [infoFarm, setInfoFarm] = useState<MapFarm | null>(null);
  const infoContent = useMemo(() => document.createElement('div'), []);
  const onSelectRef = useRef(onSelect);
  onSelectRef.current = onSelect;

  const placed = useMemo(() => farms.filter((farm) => farm.coordinates), [farms]);
  const index = useMemo(
    () =>
      buildClusterIndex(
        placed.map((farm) => ({ farm, x: farm.coordinates?.lng ?? 0, y: farm.coordinates?.lat ?? 0 })),
        { plane: false },
      ),
    [placed],
  );

  useEffect(() => {
    let live = true;
    loadGoogleMaps(apiKey).then(
      (loaded) => live && setLibraries(loaded),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [apiKey]);

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
    infoRef.current.addListener('closeclick', () => setInfoFarm(null));
  }, [libraries, infoContent]);

  // Show the clusters and farms inside the view whenever the view settles.
  useEffect(() => {
    const map = mapRef.current;
    if (!libraries || !map) return;
    const { core, markers: markerLib } = libraries;
    let marked = false;
    const openFarm = (farm: MapFarm, marker: google.maps.Marker) => {
      setInfoFarm(farm);
      infoRef.current?.open({ map, anchor: marker });
      onSelectRef.current(farm.id);
    };
    const render = () => {
      const bounds = map.getBounds();
      const zoom = map.getZoom() ?? MAP_START_ZOOM;
      if (!bounds) return;
      const sw = bounds.getSouthWest();
      const ne = bounds.getNorthEast();
      const west = sw.lng() <= ne.lng() ? sw.lng() : -180;
      const east = sw.lng() <= ne.lng() ? ne.lng() : 180;
      const items: ClusterItem[] = index.query([west, sw.lat(), east, ne.lat()], zoom);
      const keep = new Set<string>();
      for (const item of items) {
        const key = item.kind === 'farm' ? `f${item.farm.id}` : `c${item.id}:${item.count}`;
        keep.add(key);
        if (markersRef.current.has(key)) continue;
        const position = { lat: item.y, lng: item.x };
        const marker =
          item.kind === 'farm'
            ? new markerLib.Marker({
                map,
                position,
                title: markerTitle(item.farm),
                icon: farmIcon(core, false),
              })
            : new markerLib.Marker({
                map,
                position,
                title: `${item.count} print farms`,
                icon: clusterIcon(core, item.count),
                label: { text: String(item.count), color: '#ffffff', fontWeight: '700' },
                zIndex: 1000 + item.count,
              });
        marker.addListener('click', () => {
          if (item.kind === 'farm') openFarm(item.farm, marker);
          else {
            map.panTo(position);
            map.setZoom(Math.max(index.expansionZoom(item.id), zoom + 1));
          }
        });
        markersRef.current.set(key, marker);
      }
      for (const [key, marker] of markersRef.current) {
        if (keep.has(key)) continue;
        marker.setMap(null);
        markersRef.current.delete(key);
      }
      if (!marked) {
        marked = true;
        performance.mark('farm-map:rendered', { detail: { farms: placed.length, items: items.length } });
      }
    };
    const listener = map.addListener('idle', render);
    // After the markers load, fit them all with the zoom capped at 15.
    if (placed.length > 0) {
      const bounds = new core.LatLngBounds();
      for (const farm of placed) if (farm.coordinates) bounds.extend(farm.coordinates);
      map.fitBounds(bounds);
      core.event.addListenerOnce(map, 'idle', () => {
        if ((map.getZoom() ?? 0) > MAP_FIT_MAX_ZOOM) map.setZoom(MAP_FIT_MAX_ZOOM);
      });
    } else render();
    return () => {
      listener.remove();
      for (const marker of markersRef.current.values()) marker.setMap(null);
      markersRef.current.clear();
    };
  }, [libraries, index, placed]);

  // A selected farm pans the map there and zooms to at least 12.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !libraries || !selectedFarmId) return;
    const farm = placed.find((candidate) => candidate.id === selectedFarmId);
    if (!farm?.coordinates) return;
    map.panTo(farm.coordinates);
    if ((map.getZoom() ?? 0) < MAP_SELECT_MIN_ZOOM) map.setZoom(MAP_SELECT_MIN_ZOOM);
    setInfoFarm(farm);
    libraries.core.event.addListenerOnce(map, 'idle', () => {
      const marker = markersRef.current.get(`f${farm.id}`);
      infoRef.current?.open(marker ? { map, anchor: marker } : { map });
      if (!marker) infoRef.current?.setPosition(farm.coordinates);
    });
  }, [selectedFarmId, placed, libraries]);

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
      {infoFarm && createPortal(<FarmInfo farm={infoFarm} />, infoContent)}
    </div>
  );
}
