// The map's first frame as the server puts it into the network page (api/src/http/networkPage.ts): the
// farms of the marker feed, placed and clustered as the marker worker does it, at every level a map box
// from a small phone's to a wide screen's shows them at when it fits them. The page then draws its map
// from its own HTML (drawFirstFrame.ts), before the app and its marker worker have loaded (issue 14).

import { clusterLevel, levelKey } from './clusterLevels.ts';
import { buildClusterIndex } from './clusters.ts';
import { fittedView, type Size, scaleAt } from './mapView.ts';
import type { FarmMarkerFeed } from './markerFeed.ts';
import { decodeMarkerFeed } from './markerFeed.ts';
import { placeMarkers } from './markerPlacement.ts';
import type { Box } from './markerProtocol.ts';

/** A cluster of `count` farms or, without a count, one farm; at x, y in frame units. */
export type FirstFrameItem = [x: number, y: number, count?: number];

export interface MapFirstFrame {
  /** The box around every farm, which the map fits its first view to. */
  bounds: Box;
  /** What each level shows (keyed by clusterLevels.levelKey), in the order the live map draws it. */
  levels: Record<string, FirstFrameItem[]>;
}

/**
 * The smallest and the largest map box the first frame is made for. The page makes the map 250 to
 * 1,100 pixels wide and 170 to 560 tall; a box outside these shows the live map only.
 */
export const FIRST_FRAME_BOXES: readonly [Size, Size] = [
  { width: 200, height: 140 },
  { width: 1600, height: 900 },
];

const EVERYWHERE: Box = [-Infinity, -Infinity, Infinity, Infinity];
/** Frame units to 1/10,000: a tenth of a pixel at the fitted view's largest zoom. */
const round = (value: number) => Math.round(value * 1e4) / 1e4;

/** The levels a box fitting these farms may show, from the smallest box's to the largest's. */
export function fittedLevels(bounds: Box, [smallest, largest]: readonly [Size, Size] = FIRST_FRAME_BOXES) {
  const zoomOf = (size: Size) => Math.log2(scaleAt(size, fittedView(size, bounds).zoom));
  const from = zoomOf(smallest);
  const to = zoomOf(largest);
  const levels = new Map<string, ReturnType<typeof clusterLevel>>();
  // The fitted scale grows with the box, and the level changes every half zoom step at most.
  for (let zoom = from; zoom < to + 0.05; zoom += 0.05) {
    const level = clusterLevel(Math.min(zoom, to), true);
    levels.set(levelKey(level), level);
  }
  return [...levels.values()];
}

/** The first frame of the map for the farms of a marker feed; null when no farm is on the map. */
export function mapFirstFrame(feed: FarmMarkerFeed): MapFirstFrame | null {
  const { points, bounds } = placeMarkers(decodeMarkerFeed(feed).markers, 'frame');
  if (!bounds) return null;
  const index = buildClusterIndex(points, { plane: true });
  const levels: MapFirstFrame['levels'] = {};
  for (const level of fittedLevels(bounds)) {
    levels[levelKey(level)] = index
      .queryLevel(EVERYWHERE, level)
      .map(
        (item): FirstFrameItem =>
          item.kind === 'cluster'
            ? [round(item.x), round(item.y), item.count]
            : [round(item.x), round(item.y)],
      );
  }
  return { bounds, levels };
}
