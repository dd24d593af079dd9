// The network page's map, drawn from the page's own HTML before the app has loaded (issue 14): the server
// puts the farms clustered for every map size into the page (mapFirstFrame.ts); this module, which the
// prerendered page runs before its first paint (scripts/build.ts), fits them into the map's box as the
// live map does and draws the state outline, clusters and markers into the map's first-frame slot. The
// app keeps the picture until its live map has drawn the same view (FirstFrameSlot in OfflineFarmMap.tsx);
// what the live map needs, the marker worker and the full state shapes, starts loading with the app,
// not before the first paint, which it would only slow down.

import { FIRST_FRAME_DATA_ID, FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import type { MapFirstFrame } from '@printfarm/map/mapFirstFrame';
import { firstFrameMarkup } from './firstFrameMarkup.ts';
import { markerIndexFor } from './markerIndex.ts';
import outline from './us-map-outline.json';
import { loadUsMap } from './usMap.ts';

function drawFirstFrame(): void {
  const data = document.getElementById(FIRST_FRAME_DATA_ID)?.textContent;
  const slot = document.querySelector<HTMLElement>(`[${FIRST_FRAME_SLOT_ATTRIBUTE}]`);
  const box = slot?.parentElement;
  if (!data || !slot || !box) return;
  // The box inside its border, as the live map measures it.
  const size = { width: box.clientWidth, height: box.clientHeight };
  if (size.width === 0 || size.height === 0) return;
  const markup = firstFrameMarkup(JSON.parse(data) as MapFirstFrame, size, outline);
  if (!markup) return;
  slot.innerHTML = markup;
  performance.mark('farm-map:first-frame');
  // The worker reads and clusters the feed, and the shapes arrive, while the app loads.
  window.addEventListener(
    'app:starting',
    () => {
      markerIndexFor('frame');
      loadUsMap().catch(() => {});
    },
    { once: true },
  );
}

drawFirstFrame();
