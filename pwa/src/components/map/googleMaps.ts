// Google Maps for the map with a Google key: loaded through @googlemaps/js-api-loader v2 (setOptions +
// importLibrary), and the symbols its farm and cluster markers are drawn with.
/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import { MARKER_SIZE_PX } from '@printfarm/map/mapZoom';

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
export async function loadGoogleMaps(apiKey: string) {
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

export type Libraries = Awaited<ReturnType<typeof loadGoogleMaps>>;

export function farmIcon(core: Libraries['core'], selected: boolean): google.maps.Symbol {
  return {
    path: core.SymbolPath.CIRCLE,
    scale: MARKER_SIZE_PX / 2,
    fillColor: ORANGE,
    fillOpacity: 1,
    strokeColor: selected ? '#7c2d12' : '#ffffff',
    strokeWeight: selected ? 4 : 3,
  };
}

export function clusterIcon(core: Libraries['core'], count: number): google.maps.Symbol {
  return {
    path: core.SymbolPath.CIRCLE,
    scale: Math.min(32, 17 + Math.log2(count) * 2),
    fillColor: ORANGE,
    fillOpacity: 0.85,
    strokeColor: '#fed7aa',
    strokeWeight: 6,
  };
}
