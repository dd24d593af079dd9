// The offline map's info window: placed whole inside the map (popupPlacement.ts), pointing at its marker.

import { MARKER_SIZE_PX } from '@printfarm/map/mapZoom';
import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { CloseIcon } from '../ui/icons.tsx';
import { placePopup } from './popupPlacement.ts';

const POINTER_PX = 10;
const EDGE_MARGIN_PX = 8;
const POINTER_INSET_PX = 18;

export function MapPopup({
  anchor: [anchorX, anchorY],
  mapSize,
  opening,
  label,
  onPan,
  onClose,
  children,
}: {
  /** The marker's centre on screen, in pixels from the map's top left. */
  anchor: [number, number];
  mapSize: { width: number; height: number };
  /** Changes each time a window is opened: the map pans for it then (and when its size changes), never while dragged. */
  opening: number;
  label: string;
  /** Moves the map's content by (dx, dy) pixels. */
  onPan: (dx: number, dy: number) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const popup = ref.current;
    if (!popup) return;
    const measure = () =>
      setBox((current) =>
        current?.width === popup.offsetWidth && current.height === popup.offsetHeight
          ? current
          : { width: popup.offsetWidth, height: popup.offsetHeight },
      );
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(popup);
    return () => observer.disconnect();
  }, []);

  const placement = box
    ? placePopup({
        anchorX,
        anchorY,
        width: box.width,
        height: box.height,
        mapWidth: mapSize.width,
        mapHeight: mapSize.height,
        gap: MARKER_SIZE_PX / 2 + POINTER_PX,
        margin: EDGE_MARGIN_PX,
        pointerInset: POINTER_INSET_PX,
      })
    : null;

  const panned = useRef<string | null>(null);
  const panX = placement?.panX ?? 0;
  const panY = placement?.panY ?? 0;
  useLayoutEffect(() => {
    if (!box) return;
    const key = `${opening}:${box.width}x${box.height}`;
    if (panned.current === key) return;
    panned.current = key;
    if (panX !== 0 || panY !== 0) onPan(panX, panY);
  }, [opening, box, panX, panY, onPan]);

  return (
    <div
      ref={ref}
      className="farm-map__popup"
      role="dialog"
      aria-label={label}
      data-placement={placement?.below ? 'below' : 'above'}
      style={{
        transform: placement ? `translate(${placement.left}px, ${placement.top}px)` : undefined,
        visibility: placement ? undefined : 'hidden',
        ['--pointer-x' as string]: placement ? `${placement.pointerX}px` : '50%',
      }}
    >
      <button type="button" className="farm-map__popup-close" aria-label="Close" onClick={onClose}>
        <CloseIcon size={14} />
      </button>
      {children}
    </div>
  );
}
