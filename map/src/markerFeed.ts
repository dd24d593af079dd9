// The map's marker feed (GET /api/print-farms/markers) read back into one marker per farm. It runs in the
// marker worker; the page's main thread never parses the feed.

/**
 * The map's marker feed (GET /api/print-farms/markers): one array per field, the i-th entry of each for
 * the i-th marker, in marker-number order. Only what the map draws markers, clusters and titles from;
 * the rest of a farm comes from GET /api/print-farms/markers/:markerId when its marker is opened.
 */
export interface FarmMarkerFeed {
  /** Latitudes and longitudes are integers: degrees times this. */
  scale: number;
  /** Marker numbers, each as the difference from the one before (the first from 0): mostly 1s. */
  id: number[];
  lat: number[];
  lng: number[];
  name: string[];
  printers: number[];
  /** Index into `places` of the marker's 'City, ST'. */
  place: number[];
  places: string[];
}

/** What the map knows of a farm before its marker is opened. */
export interface FarmMarker {
  /** The farm's marker number: GET /api/print-farms/markers/:markerId gives the rest of the farm. */
  markerId: number;
  name: string;
  /** 'City, ST'. */
  place: string;
  printers: number;
  lat: number;
  lng: number;
}

const COLUMNS = ['id', 'lat', 'lng', 'name', 'printers', 'place'] as const;

export interface DecodedFeed {
  /** Coordinates were sent as integers: degrees times this. */
  scale: number;
  markers: FarmMarker[];
}

const NO_MARKERS: DecodedFeed = { scale: 1, markers: [] };

/** The feed's markers; an answer that is not a feed reads as no markers, as the spec does for the list. */
export function decodeMarkerFeed(feed: unknown): DecodedFeed {
  if (typeof feed !== 'object' || feed === null) return NO_MARKERS;
  const columns = feed as Partial<FarmMarkerFeed>;
  const count = columns.id?.length ?? 0;
  const scale = columns.scale;
  const places = columns.places;
  if (typeof scale !== 'number' || !(scale > 0) || !Array.isArray(places)) return NO_MARKERS;
  if (!COLUMNS.every((name) => Array.isArray(columns[name]) && columns[name].length === count)) {
    return NO_MARKERS;
  }
  const { id, lat, lng, name, printers, place } = columns as FarmMarkerFeed;
  const markers: FarmMarker[] = new Array(count);
  let markerId = 0;
  for (let i = 0; i < count; i++) {
    markerId += id[i] ?? 0;
    markers[i] = {
      markerId,
      name: name[i] ?? '',
      place: places[place[i] ?? -1] ?? '',
      printers: printers[i] ?? 0,
      lat: (lat[i] ?? Number.NaN) / scale,
      lng: (lng[i] ?? Number.NaN) / scale,
    };
  }
  return { scale, markers };
}

/** The marker's title, as the spec words it: 'Company, City, ST'. */
export const markerTitle = (marker: Pick<FarmMarker, 'name' | 'place'>) => `${marker.name}, ${marker.place}`;
