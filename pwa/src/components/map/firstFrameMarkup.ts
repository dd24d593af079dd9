// The markup of the map's first frame for one box (drawn by drawFirstFrame.ts): the state outline placed
// and the clusters and markers of the level the box shows, where the live map draws them (mapView.ts).
import { clusterLevel, levelKey } from '@printfarm/map/clusterLevels';
import type { MapFirstFrame } from '@printfarm/map/mapFirstFrame';
import {
  clusterDiameter,
  fittedView,
  type Size,
  scaleAt,
  shapesTransform,
  toScreen,
  viewBox,
} from '@printfarm/map/mapView';
import type { UsMapPaths } from './usMapPaths.ts';

/** The first frame's markup for a box of this size; null when the box is not one the server made it for. */
export function firstFrameMarkup(frame: MapFirstFrame, size: Size, shapes: UsMapPaths): string | null {
  const view = fittedView(size, frame.bounds);
  const scale = scaleAt(size, view.zoom);
  const items = frame.levels[levelKey(clusterLevel(Math.log2(scale), true))];
  if (!items) return null;
  const [minX, minY, maxX, maxY] = viewBox(size, view);
  const markers = items
    .filter(([x, y]) => x >= minX && x <= maxX && y >= minY && y <= maxY)
    .map(([x, y, count]) => {
      const [left, top] = toScreen(size, view, x, y);
      const place = `transform: translate(${left}px, ${top}px);`;
      if (count === undefined) return `<span class="farm-map__first-marker" style="${place}"></span>`;
      const diameter = clusterDiameter(count);
      // Timed (Element Timing) by the map benchmark: the first frame's clusters on screen.
      return `<span class="farm-map__first-cluster" style="${place} width: ${diameter}px; height: ${diameter}px;" elementtiming="farm-map">${count}</span>`;
    });
  const { width, height } = size;
  return (
    `<svg class="farm-map__svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g transform="${shapesTransform(size, view)}">` +
    `<path class="farm-map__land" d="${shapes.land}" vector-effect="non-scaling-stroke"></path>` +
    `<path class="farm-map__borders" d="${shapes.borders}" vector-effect="non-scaling-stroke"></path>` +
    `</g></svg><div class="farm-map__markers">${markers.join('')}</div>`
  );
}
