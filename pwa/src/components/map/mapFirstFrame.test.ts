// The map's first frame: what the server puts into the network page, and the markup the page draws from
// it, must be what the live map (its marker worker and OfflineFarmMap) shows first, at every box size.

import { buildClusterIndex } from '@printfarm/map/clusters';
import { FIRST_FRAME_BOXES, mapFirstFrame } from '@printfarm/map/mapFirstFrame';
import { clusterDiameter, fittedView, type Size, scaleAt, toScreen, viewBox } from '@printfarm/map/mapView';
import { decodeMarkerFeed } from '@printfarm/map/markerFeed';
import { placeMarkers } from '@printfarm/map/markerPlacement';
import { describe, expect, it } from 'vitest';
import { presentMarkerFeed } from '../../../../api/src/presenters/printFarm.ts';
import type { FarmMarkerRow } from '../../../../api/src/services/publicFarmCache.ts';
import { scatteredFarms } from '../../../../ops/fixtures/networkFixtures.ts';
import { firstFrameMarkup } from './firstFrameMarkup.ts';

const SHAPES = { land: 'M0 0h1v1z', borders: 'M0 0h1' };

const feedOf = (farms: { latitude: number | null; longitude: number | null; printerCount?: number }[]) =>
  presentMarkerFeed(
    farms.map(
      (farm, i): FarmMarkerRow => ({
        markerId: i + 1,
        displayName: `Farm ${i + 1}`,
        city: 'Austin',
        state: 'TX',
        latitude: Number(farm.latitude),
        longitude: Number(farm.longitude),
        printerCount: farm.printerCount ?? 1,
      }),
    ),
  );

/** What the live map shows first in a box: its marker worker's answer for the fitted view. */
function liveFirstView(feed: ReturnType<typeof feedOf>, size: Size) {
  const { points, bounds } = placeMarkers(decodeMarkerFeed(feed).markers, 'frame');
  const view = fittedView(size, bounds);
  const items = buildClusterIndex(points, { plane: true }).query(
    viewBox(size, view),
    Math.log2(scaleAt(size, view.zoom)),
  );
  return items.map((item) => {
    const [left, top] = toScreen(size, view, item.x, item.y);
    return { left, top, count: item.kind === 'cluster' ? item.count : 1 };
  });
}

/** The clusters and markers of first-frame markup, where they are placed and how many farms each holds. */
function drawnItems(markup: string) {
  const items = [
    ...markup.matchAll(
      /<span class="farm-map__first-(cluster|marker)" style="transform: translate\(([-\d.e]+)px, ([-\d.e]+)px\);(?: width: ([\d.]+)px;)?[^"]*"[^>]*>(\d*)<\/span>/g,
    ),
  ];
  return items.map(([, kind, left, top, width, count]) => ({
    left: Number(left),
    top: Number(top),
    count: kind === 'cluster' ? Number(count) : 1,
    width: width === undefined ? undefined : Number(width),
  }));
}

// A phone's map (the US across its width), a laptop's and a wide screen's, and boxes at both ends.
const BOXES: Size[] = [
  { width: 332, height: 232 },
  { width: 358, height: 250 },
  { width: 1036, height: 540 },
  { width: 1038, height: 560 },
  ...FIRST_FRAME_BOXES,
];

describe("the map's first frame", () => {
  const networks = {
    'farms all over the US (the whole country in view)': feedOf(scatteredFarms(2_000)),
    'farms in one region (the fit zooms in)': feedOf(
      Array.from({ length: 300 }, (_, i) => ({
        latitude: 39 + (i % 20) * 0.15,
        longitude: -79 + Math.floor(i / 20) * 0.2,
      })),
    ),
    'one farm (the fit stops at zoom 15)': feedOf([{ latitude: 30.2672, longitude: -97.7431 }]),
  };

  for (const [name, feed] of Object.entries(networks)) {
    it(`draws what the live map shows first, at every box size: ${name}`, () => {
      const frame = mapFirstFrame(feed);
      if (!frame) throw new Error('no first frame');
      for (const size of BOXES) {
        const markup = firstFrameMarkup(frame, size, SHAPES);
        if (markup === null) throw new Error(`no first frame for ${JSON.stringify(size)}`);
        const drawn = drawnItems(markup);
        const live = liveFirstView(feed, size);
        expect(
          drawn.map((item) => item.count),
          JSON.stringify(size),
        ).toEqual(live.map((item) => item.count));
        for (const [i, item] of drawn.entries()) {
          // Coordinates travel to 1/10,000 of a frame unit: well under a pixel at the fitted zoom.
          expect(Math.abs(item.left - (live[i]?.left ?? Number.NaN))).toBeLessThan(0.25);
          expect(Math.abs(item.top - (live[i]?.top ?? Number.NaN))).toBeLessThan(0.25);
          if (item.count > 1) expect(item.width).toBe(clusterDiameter(item.count));
        }
        expect(drawn.reduce((total, item) => total + item.count, 0)).toBe(feed.id.length);
      }
    });
  }

  it('puts the state shapes where the live map draws them, sized to the box', () => {
    const frame = mapFirstFrame(networks['farms all over the US (the whole country in view)']);
    if (!frame) throw new Error('no first frame');
    const markup = firstFrameMarkup(frame, { width: 1036, height: 540 }, SHAPES);
    expect(markup).toContain('<svg class="farm-map__svg" width="1036" height="540" viewBox="0 0 1036 540">');
    // The whole US fits the box's height: 540 / 610 pixels per frame unit, centred.
    const scale = 540 / 610;
    expect(markup).toContain(
      `<g transform="translate(${1036 / 2 - (975 / 2) * scale} ${0}) scale(${scale})">`,
    );
    expect(markup).toContain(`<path class="farm-map__land" d="${SHAPES.land}"`);
  });

  it('leaves a box no screen has to the live map, and has nothing to draw without farms', () => {
    const frame = mapFirstFrame(networks['farms all over the US (the whole country in view)']);
    if (!frame) throw new Error('no first frame');
    expect(firstFrameMarkup(frame, { width: 6000, height: 4000 }, SHAPES)).toBeNull();
    expect(mapFirstFrame(feedOf([]))).toBeNull();
  });

  it('stays small: a few kilobytes for thousands of farms', () => {
    const frame = mapFirstFrame(feedOf(scatteredFarms(5_000)));
    expect(JSON.stringify(frame).length).toBeLessThan(8_000);
  });
});
