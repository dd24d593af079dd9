import { describe, expect, it } from 'vitest';
import { type PopupPlacementInput, placePopup } from './popupPlacement.ts';

const on = (anchorX: number, anchorY: number, mapWidth = 358, mapHeight = 240): PopupPlacementInput => ({
  anchorX,
  anchorY,
  width: 220,
  height: 150,
  mapWidth,
  mapHeight,
  gap: 26,
  margin: 8,
  pointerInset: 18,
});

/** The window's box stays inside the map's margins. */
function inside(input: PopupPlacementInput) {
  const placed = placePopup(input);
  expect(placed.left).toBeGreaterThanOrEqual(input.margin);
  expect(placed.left + input.width).toBeLessThanOrEqual(input.mapWidth - input.margin);
  expect(placed.top).toBeGreaterThanOrEqual(input.margin);
  expect(placed.top + input.height).toBeLessThanOrEqual(input.mapHeight - input.margin);
  return placed;
}

describe('info window placement', () => {
  it('sits centred above a marker with room', () => {
    const placed = inside(on(179, 200));
    expect(placed).toMatchObject({ left: 69, top: 24, pointerX: 110, below: false, panX: 0, panY: 0 });
  });

  it('flips below a marker near the top', () => {
    const placed = inside(on(179, 40, 358, 260));
    expect(placed).toMatchObject({ below: true, top: 66, panY: 0 });
  });

  it('slides along the side edges and keeps pointing at the marker', () => {
    const left = inside(on(30, 200));
    expect(left.left).toBe(8);
    expect(left.pointerX).toBe(22);
    const right = inside(on(320, 200));
    expect(right.left).toBe(358 - 8 - 220);
    expect(right.left + right.pointerX).toBe(320);
    expect(right.panX).toBe(0);
  });

  it('pans the map when the window fits neither above nor below', () => {
    const placed = placePopup(on(179, 120));
    // Room above is 120 - 26 - 8 = 86: the marker moves down 64 px, the window then fits above it.
    expect(placed).toMatchObject({ below: false, top: 8, panY: 64, panX: 0 });
    expect(inside(on(179, 120 + placed.panY))).toMatchObject({ below: false, top: 8, panY: 0 });
  });

  it('pans a marker at the very edge in, where the pointer can reach it', () => {
    const placed = placePopup(on(4, 200));
    expect(placed.panX).toBe(22);
    expect(placed.left + placed.pointerX).toBe(26);
  });
});
