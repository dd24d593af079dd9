/// <reference types="google.maps" />
// The map with a Google key: Google Maps (googleMaps.ts) drawing the same marker feed, clusters (from the
// marker worker, in lng/lat), info windows, selection and fit as the offline map. Google's info window
// pans the map to show itself whole.

import { MAP_REGION_GOOGLE_ZOOM, MAP_START_ZOOM, US_CENTRE } from '@printfarm/map/mapZoom';
import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '../ui/spinner.tsx';
import { MapLoadingError, PickedFarmInfo } from './FarmInfo.tsx';
import { pickedFromPoint, SameSpotList, useFarmSelection } from './farmSelection.tsx';
import { pickedFromList, toMapFarm } from './farmView.ts';
import { farmIcon, type Libraries, loadGoogleMaps } from './googleMaps.ts';
import { type LiveFarmMapProps, useLiveMapReports } from './mapTypes.ts';
import { useGoogleMarkers } from './useGoogleMarkers.ts';

export interface GoogleFarmMapProps extends LiveFarmMapProps {
  apiKey: string;
}

export function GoogleFarmMap({ apiKey, ...live }: GoogleFarmMapProps) {
  const { index, loaded, focus, onSelect } = live;
  const boxRef = useRef<HTMLDivElement>(null);
  const [libraries, setLibraries] = useState<Libraries | null>(null);
  const reports = useLiveMapReports(live);
  const { failed, fail } = reports;
  const mapRef = useRef<google.maps.Map | null>(null);
  const infoRef = useRef<google.maps.InfoWindow | null>(null);
  const markersRef = useRef(new Map<string, google.maps.Marker>());
  const selection = useFarmSelection(onSelect, () => infoRef.current?.close());
  const { picked, sameSpot, pick, closeAll } = selection;
  const infoContent = useMemo(() => document.createElement('div'), []);

  useEffect(() => {
    let live = true;
    loadGoogleMaps(apiKey).then(
      (result) => live && setLibraries(result),
      () => live && fail(),
    );
    return () => {
      live = false;
    };
  }, [apiKey, fail]);

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
    infoRef.current.addListener('closeclick', closeAll);
  }, [libraries, infoContent, closeAll]);

  // The picked farm's marker is drawn selected.
  useEffect(() => {
    if (!libraries) return;
    for (const [key, marker] of markersRef.current) {
      if (key.startsWith('f')) marker.setIcon(farmIcon(libraries.core, key === `f${picked?.markerId}`));
    }
  }, [picked, libraries]);

  useGoogleMarkers({ libraries, mapRef, infoRef, markersRef, index, loaded, selection, reports });

  // A farm picked from the list: shown with the states around it, its info window open.
  useEffect(() => {
    const map = mapRef.current;
    const farm = focus ? toMapFarm(focus.farm) : null;
    if (!map || !libraries || !farm?.coordinates) return;
    const { lat, lng } = farm.coordinates;
    let live = true;
    index.call('locate', { lat, lng, name: farm.companyName }).then((at) => {
      if (!live || !at) return;
      pick(pickedFromList(farm, at));
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
  }, [focus, libraries, index, pick]);

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
      {selection.infoOpen &&
        picked &&
        createPortal(
          <PickedFarmInfo picked={picked} farm={selection.details.farm} failed={selection.details.failed} />,
          infoContent,
        )}
      {sameSpot &&
        createPortal(
          <div>
            <SameSpotList spot={sameSpot} onPick={(point) => pick(pickedFromPoint(point))} />
          </div>,
          infoContent,
        )}
    </div>
  );
}
