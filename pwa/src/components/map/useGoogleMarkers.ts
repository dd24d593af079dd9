// The Google map's markers: the clusters and farms inside the view, asked of the marker worker whenever
// the view settles, with the markers fitted once they load.
/// <reference types="google.maps" />

import { CLUSTER_MAX_ZOOM } from '@printfarm/map/clusterLevels';
import type { ClusterItem } from '@printfarm/map/clusters';
import { MAP_FIT_MAX_ZOOM, MAP_START_ZOOM } from '@printfarm/map/mapZoom';
import { type FarmMarker, markerTitle } from '@printfarm/map/markerFeed';
import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
import { type RefObject, useEffect, useRef } from 'react';
import { type FarmSelection, SAME_SPOT_LIST_LIMIT } from './farmSelection.tsx';
import type { PickedFarm } from './farmView.ts';
import { clusterIcon, farmIcon, type Libraries } from './googleMaps.ts';
import type { LiveMapReports } from './mapTypes.ts';
import type { MarkerIndex } from './markerIndex.ts';

export interface GoogleMarkersArgs {
  libraries: Libraries | null;
  mapRef: RefObject<google.maps.Map | null>;
  infoRef: RefObject<google.maps.InfoWindow | null>;
  markersRef: RefObject<Map<string, google.maps.Marker>>;
  index: MarkerIndex;
  loaded: LoadedMarkers;
  selection: Pick<FarmSelection, 'picked' | 'pick' | 'listSameSpot'>;
  reports: Pick<LiveMapReports, 'drawn' | 'fail'>;
}

export function useGoogleMarkers({
  libraries,
  mapRef,
  infoRef,
  markersRef,
  index,
  loaded,
  selection,
  reports,
}: GoogleMarkersArgs) {
  const { picked, pick, listSameSpot } = selection;
  const pickedRef = useRef<PickedFarm | null>(picked);
  pickedRef.current = picked;

  // Show the clusters and farms inside the view whenever the view settles.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the refs and callbacks are read when called; the view is drawn anew for a new map, feed or index only.
  useEffect(() => {
    const map = mapRef.current;
    if (!libraries || !map) return;
    const { core, markers: markerLib } = libraries;
    let live = true;
    let asked = 0;
    const openFarm = (marker: FarmMarker, anchor: google.maps.Marker) => {
      pick({ ...marker, x: marker.lng, y: marker.lat, farm: null });
      infoRef.current?.open({ map, anchor });
    };
    const openCluster = async (
      item: Extract<ClusterItem, { kind: 'cluster' }>,
      anchor: google.maps.Marker,
    ) => {
      const zoom = Math.ceil(await index.call('expansionZoom', { clusterId: item.id }));
      if (zoom > CLUSTER_MAX_ZOOM) {
        const points = await index.call('leaves', { clusterId: item.id, limit: SAME_SPOT_LIST_LIMIT });
        listSameSpot({ x: item.x, y: item.y, count: item.count, points });
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
          reports.drawn(items.length);
        },
        () => live && reports.fail(),
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
}
