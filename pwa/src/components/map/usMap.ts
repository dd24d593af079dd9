// The offline map's state shapes (made by pwa/scripts/make-us-map.ts): one small hashed file, loaded once
// and kept for every later map; on the network page from the moment the app starts (drawFirstFrame.ts).

import usMapUrl from './us-map.json?url';
import type { UsMapPaths } from './usMapPaths.ts';

export { usMapUrl };

let loading: Promise<UsMapPaths> | null = null;
let loaded: UsMapPaths | null = null;

/** The shapes when they are already here, so a map shown again draws them in its first frame. */
export const loadedUsMap = () => loaded;

export function loadUsMap(): Promise<UsMapPaths> {
  loading ??= fetch(usMapUrl)
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}: the state shapes could not be loaded`);
      const paths = (await response.json()) as UsMapPaths;
      loaded = paths;
      return paths;
    })
    .catch((error: unknown) => {
      // A later map may try again.
      loading = null;
      throw error;
    });
  return loading;
}
