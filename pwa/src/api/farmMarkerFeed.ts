// Where the map's marker feed is read. Apart from farmMarkers.ts, which brings the query cache with it:
// the map's marker worker is started from the page's first frame (components/map/drawFirstFrame.ts),
// before the app and its libraries have loaded, and reads the feed itself, never through the cache.
export const MARKER_FEED_URL = '/api/print-farms/markers';
