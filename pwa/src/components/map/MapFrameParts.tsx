// The pieces of the offline map's frame that are drawn before it is live too: the first frame from the
// page's HTML and the zoom buttons; and its marker buttons.

import { FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import { type FarmMarker, markerTitle } from '@printfarm/map/markerFeed';
import type { PickedFarm } from './farmView.ts';

/**
 * The map's first frame (drawFirstFrame.ts): a picture of the fitted view drawn from the page's HTML
 * before the app loaded, kept as it is (React does not touch what it holds) until the live map has
 * drawn the same view under it. Hidden from assistive technology, which hears the loading status.
 */
export function FirstFrameSlot({ picture }: { picture: string }) {
  return (
    <div
      className="farm-map__first-frame"
      {...{ [FIRST_FRAME_SLOT_ATTRIBUTE]: '' }}
      aria-hidden="true"
      inert
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the page's own markup, read back from the DOM.
      dangerouslySetInnerHTML={{ __html: picture }}
    />
  );
}

/** Zoom in, zoom out and show all farms; drawn (disabled) while the map loads, so nothing moves when it is there. */
export function MapControls({
  disabled = false,
  onZoom,
  onShowAll,
}: {
  disabled?: boolean;
  onZoom?: (delta: number) => void;
  onShowAll?: () => void;
}) {
  return (
    <div className="farm-map__controls">
      <button type="button" aria-label="Zoom in" disabled={disabled} onClick={() => onZoom?.(1)}>
        +
      </button>
      <button type="button" aria-label="Zoom out" disabled={disabled} onClick={() => onZoom?.(-1)}>
        −
      </button>
      <button
        type="button"
        aria-label="Show all farms"
        title="Show all farms"
        disabled={disabled}
        onClick={onShowAll}
      >
        ⤢
      </button>
    </div>
  );
}

export function FarmMarkerButton({
  marker,
  left,
  top,
  selected = false,
  onOpen,
}: {
  marker: Pick<FarmMarker, 'markerId' | 'name' | 'place'> | PickedFarm;
  left: number;
  top: number;
  selected?: boolean;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className="farm-marker"
      data-marker-id={marker.markerId ?? undefined}
      data-selected={selected || undefined}
      style={{ transform: `translate(${left}px, ${top}px)` }}
      title={markerTitle(marker)}
      aria-label={markerTitle(marker)}
      aria-pressed={selected}
      onClick={onOpen}
    />
  );
}
