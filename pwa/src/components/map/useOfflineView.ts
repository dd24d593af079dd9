// The offline map's box and view: measured size, pan and zoom by wheel, drag and keyboard, and what is in view.

import type { ClusterItem } from '@printfarm/map/clusters';
import { clampZoom, fittedView, type Size, scaleAt, type View, viewBox } from '@printfarm/map/mapView';
import type { LoadedMarkers } from '@printfarm/map/markerProtocol';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import type { MarkerIndex } from './markerIndex.ts';

/** The box's size inside its border, measured before the first paint and kept up to date as it resizes. */
export function useBoxSize(boxRef: RefObject<HTMLDivElement | null>) {
  const [size, setSize] = useState<Size | null>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      const width = box.clientWidth;
      const height = box.clientHeight;
      if (width > 0 && height > 0) {
        setSize((current) =>
          current?.width === width && current.height === height ? current : { width, height },
        );
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef]);
  return size;
}

/** The view of a box of `size`, panned and zoomed by the wheel, a drag and the keyboard. */
export function usePanZoom(boxRef: RefObject<HTMLDivElement | null>, size: Size | null) {
  const [view, setView] = useState<View | null>(null);

  // Wheel zoom around the cursor; a native listener because React's wheel handler is passive.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !size) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const rect = box.getBoundingClientRect();
      zoomAround(-event.deltaY * 0.0025, event.clientX - rect.left, event.clientY - rect.top);
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  });

  function zoomAround(delta: number, px: number, py: number) {
    if (!size) return;
    setView((current) => {
      if (!current) return current;
      const zoom = clampZoom(current.zoom + delta);
      const before = scaleAt(size, current.zoom);
      const after = scaleAt(size, zoom);
      // Keep the frame point under the cursor where it is.
      const fx = current.cx + (px - size.width / 2) / before;
      const fy = current.cy + (py - size.height / 2) / before;
      return { cx: fx - (px - size.width / 2) / after, cy: fy - (py - size.height / 2) / after, zoom };
    });
  }

  const zoomBy = (delta: number) => size && zoomAround(delta, size.width / 2, size.height / 2);
  /** Moves the view by (dx, dy) screen pixels: what was there moves the other way. */
  const panBy = (dx: number, dy: number) =>
    setView((current) => {
      if (!current || !size) return current;
      const s = scaleAt(size, current.zoom);
      return { ...current, cx: current.cx + dx / s, cy: current.cy + dy / s };
    });

  const drag = useRef<{ id: number; x: number; y: number; moved: boolean } | null>(null);
  function onPointerDown(event: ReactPointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || (event.target as Element).closest('button, a, .farm-map__popup')) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, moved: false };
    event.currentTarget.setPointerCapture(event.pointerId);
  }
  function onPointerMove(event: ReactPointerEvent<HTMLDivElement>) {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.moved && Math.hypot(dx, dy) < 3) return;
    current.moved = true;
    current.x = event.clientX;
    current.y = event.clientY;
    panBy(-dx, -dy);
  }
  function onPointerUp(event: ReactPointerEvent<HTMLDivElement>) {
    if (drag.current?.id === event.pointerId) drag.current = null;
  }

  function onKeyDown(event: ReactKeyboardEvent<HTMLDivElement>) {
    if (event.target !== event.currentTarget) return;
    const step = 80;
    switch (event.key) {
      case 'ArrowLeft':
        panBy(-step, 0);
        break;
      case 'ArrowRight':
        panBy(step, 0);
        break;
      case 'ArrowUp':
        panBy(0, -step);
        break;
      case 'ArrowDown':
        panBy(0, step);
        break;
      case '+':
      case '=':
        zoomBy(1);
        break;
      case '-':
        zoomBy(-1);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return {
    view,
    setView,
    zoomBy,
    panBy,
    /** The handlers the map's box takes. */
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
    },
  };
}

/**
 * The clusters and farms in view, asked of the marker worker for each view, with the view fitted to the
 * markers when they load (`firstView`: the first fitted view). `onFailed` when the worker fails.
 */
export function useShownItems({
  index,
  loaded,
  size,
  view,
  setView,
  onFailed,
}: {
  index: MarkerIndex;
  loaded: LoadedMarkers;
  size: Size | null;
  view: View | null;
  setView: (view: View) => void;
  onFailed: () => void;
}) {
  const [shown, setShown] = useState<{ items: ClusterItem[]; view: View } | null>(null);
  const firstView = useRef<View | null>(null);
  const fittedFor = useRef<LoadedMarkers | null>(null);
  const onFailedRef = useRef(onFailed);
  onFailedRef.current = onFailed;

  // After the markers load (and again for each new feed), fit them all.
  useLayoutEffect(() => {
    if (!size || fittedFor.current === loaded) return;
    fittedFor.current = loaded;
    const fitted = fittedView(size, loaded.bounds);
    firstView.current ??= fitted;
    setView(fitted);
    setShown(null);
  }, [loaded, size, setView]);

  // Ask the worker for the clusters and farms in view; answers to views since left are dropped.
  useEffect(() => {
    if (!size || !view) return;
    let live = true;
    const zoom = Math.log2(scaleAt(size, view.zoom));
    index.call('query', { box: viewBox(size, view), zoom }).then(
      (items) => live && setShown({ items, view }),
      () => live && onFailedRef.current(),
    );
    return () => {
      live = false;
    };
  }, [index, size, view]);

  return { shown, firstView };
}
