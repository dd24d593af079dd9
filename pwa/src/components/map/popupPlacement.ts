// Where an info window goes so that it is whole inside the map: above its marker, flipped below when the
// top is too close, slid sideways along the edge, and, when none of that is enough, how far to pan.

export interface PopupPlacementInput {
  /** The marker's centre, in pixels from the map's top left. */
  anchorX: number;
  anchorY: number;
  /** The info window's size. */
  width: number;
  height: number;
  mapWidth: number;
  mapHeight: number;
  /** From the marker's centre to the window's edge (half the marker and the pointer). */
  gap: number;
  /** Space kept free along the map's edges. */
  margin: number;
  /** How far the pointer must stay from the window's sides (its rounded corners). */
  pointerInset: number;
}

export interface PopupPlacement {
  /** The window's top left corner, in pixels from the map's top left. */
  left: number;
  top: number;
  /** The pointer's centre, from the window's left edge. */
  pointerX: number;
  below: boolean;
  /** How far to move the map (and the marker with it) so that the window fits: 0, 0 when it does. */
  panX: number;
  panY: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function placePopup(input: PopupPlacementInput): PopupPlacement {
  const { anchorX, anchorY, width, height, mapWidth, mapHeight, gap, margin, pointerInset } = input;
  // Sideways: the marker must sit where the pointer can reach it, else the map moves it in.
  const minAnchorX = margin + pointerInset;
  const maxAnchorX = mapWidth - margin - pointerInset;
  const panX = anchorX < minAnchorX ? minAnchorX - anchorX : anchorX > maxAnchorX ? maxAnchorX - anchorX : 0;
  const x = anchorX + panX;
  const left = clamp(x - width / 2, margin, Math.max(margin, mapWidth - margin - width));
  const pointerX = clamp(x - left, pointerInset, Math.max(pointerInset, width - pointerInset));

  const roomAbove = anchorY - gap - margin;
  const roomBelow = mapHeight - anchorY - gap - margin;
  if (height <= roomAbove)
    return { left, top: anchorY - gap - height, pointerX, below: false, panX, panY: 0 };
  if (height <= roomBelow) return { left, top: anchorY + gap, pointerX, below: true, panX, panY: 0 };
  // Neither way fits: above, with the map moved down far enough (or as far as the window needs).
  const panY = height - roomAbove;
  return { left, top: margin, pointerX, below: false, panX, panY };
}
