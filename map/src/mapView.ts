// The offline map's view: which part of the frame (usFrame.ts) a box of the screen shows, at what zoom,
// and where a point of the frame lands on it. The live map (OfflineFarmMap.tsx) and its first frame,
// drawn from the page's HTML before the app has loaded (drawFirstFrame.ts), both place things with it.
import { MAP_FIT_MAX_ZOOM, MAP_REGION_SPAN, MAP_START_ZOOM, MARKER_SIZE_PX } from './mapZoom.ts';
import type { Box } from './markerProtocol.ts';
import { FRAME_H, FRAME_W } from './usFrame.ts';

export const MIN_ZOOM = 3;
export const MAX_ZOOM = 16;
/** Room kept around the farms when fitting them: half a marker and a little air. */
const FIT_PADDING_PX = MARKER_SIZE_PX / 2 + 8;

/** Centre of the view in frame units and the zoom level (4 = the whole US fits the box). */
export interface View {
  cx: number;
  cy: number;
  zoom: number;
}

/** The map's box inside its border, in screen pixels. */
export interface Size {
  width: number;
  height: number;
}

export const HOME_VIEW: View = { cx: FRAME_W / 2, cy: FRAME_H / 2, zoom: MAP_START_ZOOM };
export const clampZoom = (zoom: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** Screen pixels per frame unit at a zoom: at zoom 4 the whole US just fits the box. */
export const scaleAt = (size: Size, zoom: number) =>
  Math.min(size.width / FRAME_W, size.height / FRAME_H) * 2 ** (zoom - MAP_START_ZOOM);
export const zoomForScale = (size: Size, scale: number) =>
  MAP_START_ZOOM + Math.log2(scale / scaleAt(size, MAP_START_ZOOM));

/** All farms in view, zoom capped at 15; farms spread over the country show the whole of it. */
export function fittedView(size: Size, bounds: Box | null): View {
  if (!bounds) return HOME_VIEW;
  const [minX, minY, maxX, maxY] = bounds;
  const fitScale = Math.min(
    (size.width - 2 * FIT_PADDING_PX) / Math.max(maxX - minX, 1e-6),
    (size.height - 2 * FIT_PADDING_PX) / Math.max(maxY - minY, 1e-6),
  );
  const zoom = Math.min(MAP_FIT_MAX_ZOOM, zoomForScale(size, fitScale));
  if (zoom <= MAP_START_ZOOM) return HOME_VIEW;
  return { cx: (minX + maxX) / 2, cy: (minY + maxY) / 2, zoom: clampZoom(zoom) };
}

/** A farm picked from the list, centred with the states around it. */
export const regionView = (size: Size, x: number, y: number): View => ({
  cx: x,
  cy: y,
  zoom: clampZoom(zoomForScale(size, Math.min(size.width, size.height) / MAP_REGION_SPAN)),
});

/** The part of the frame in view, with a marker's width around it so markers at the edge are drawn. */
export function viewBox(size: Size, view: View): Box {
  const scale = scaleAt(size, view.zoom);
  const margin = MARKER_SIZE_PX / scale;
  const halfW = size.width / 2 / scale + margin;
  const halfH = size.height / 2 / scale + margin;
  return [view.cx - halfW, view.cy - halfH, view.cx + halfW, view.cy + halfH];
}

/** The SVG transform that draws the frame's shapes as the view shows them. */
export function shapesTransform(size: Size, view: View): string {
  const scale = scaleAt(size, view.zoom);
  return `translate(${size.width / 2 - view.cx * scale} ${size.height / 2 - view.cy * scale}) scale(${scale})`;
}

/** Where a point of the frame lands on the screen, in pixels from the box's top left corner. */
export function toScreen(size: Size, view: View, x: number, y: number): [number, number] {
  const scale = scaleAt(size, view.zoom);
  return [(x - view.cx) * scale + size.width / 2, (y - view.cy) * scale + size.height / 2];
}

/** A cluster's width on screen: larger for more farms, never past 64 px. */
export const clusterDiameter = (count: number) => Math.min(64, 34 + Math.log2(count) * 4);
