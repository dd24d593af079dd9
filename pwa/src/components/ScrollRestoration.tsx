// Where the window is scrolled after a navigation: a new page opens at its top (or at the #anchor it
// names), Back and Forward return to where the person was on that entry, a reload keeps its place. A
// change of the query alone that replaces the entry (a tab, a filter) leaves the scroll as it is.
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'scroll-positions';
const KEPT_ENTRIES = 100;
/**
 * How long a restore keeps trying while the page's code and data arrive and it grows tall enough (on a
 * slow phone or a busy connection that can take seconds); a person who scrolls meanwhile stops it.
 */
const RESTORE_FOR_MS = 10_000;

function readPositions(): Map<string, number> {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][];
    return new Map(saved);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>): void {
  try {
    const recent = [...positions].slice(-KEPT_ENTRIES);
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(recent));
  } catch {
    // Storage may be full or blocked: positions then last as long as the page.
  }
}

/** Scrolls to `top` once the page is tall enough, giving up when the person scrolls themselves. */
function scrollWhenReady(top: number): () => void {
  const until = performance.now() + RESTORE_FOR_MS;
  let frame = 0;
  const stop = () => {
    window.cancelAnimationFrame(frame);
    for (const event of ['wheel', 'touchstart', 'keydown'] as const) window.removeEventListener(event, stop);
  };
  const attempt = () => {
    window.scrollTo(0, top);
    if (Math.abs(window.scrollY - top) <= 1 || performance.now() > until) stop();
    else frame = window.requestAnimationFrame(attempt);
  };
  for (const event of ['wheel', 'touchstart', 'keydown'] as const)
    window.addEventListener(event, stop, { passive: true });
  attempt();
  return stop;
}

function scrollToAnchor(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  target?.scrollIntoView();
  return target !== null;
}

/** The key positions are kept under: the router's entry key; a fresh load's entry has none of its own. */
function entryKey(key: string, path: string): string {
  return key === 'default' ? `default:${path}` : key;
}

/** Whether this page load came back to an entry (reload, Back, Forward) rather than opening one anew. */
function loadReturnedToEntry(): boolean {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.type === 'reload' || navigation?.type === 'back_forward';
}

export default function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef<Map<string, number> | null>(null);
  const currentKey = useRef<string | null>(null);
  const previousPath = useRef<string | null>(null);

  // One listener for the whole visit, saving under whichever entry is current when the scroll happens
  // (the key changes during the commit that shows the next page, before that page is scrolled).
  useEffect(() => {
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    positions.current ??= readPositions();
    const saved = positions.current;
    let frame = 0;
    const persist = () => writePositions(saved);
    const remember = () => {
      const key = currentKey.current;
      if (key === null) return;
      saved.delete(key);
      saved.set(key, window.scrollY);
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(persist);
    };
    window.addEventListener('scroll', remember, { passive: true });
    window.addEventListener('pagehide', persist);
    // The page may have been scrolled before this ran (it shows, prerendered, while its code loads).
    remember();
    return () => {
      window.cancelAnimationFrame(frame);
      persist();
      window.removeEventListener('scroll', remember);
      window.removeEventListener('pagehide', persist);
      window.history.scrollRestoration = before;
    };
  }, []);

  useLayoutEffect(() => {
    positions.current ??= readPositions();
    const key = entryKey(location.key, `${location.pathname}${location.search}`);
    currentKey.current = key;
    const firstRender = previousPath.current === null;
    const pathChanged = !firstRender && previousPath.current !== location.pathname;
    previousPath.current = location.pathname;

    if (navigationType === 'POP') {
      const saved = positions.current.get(key);
      if (firstRender)
        return saved !== undefined && loadReturnedToEntry() ? scrollWhenReady(saved) : undefined;
      if (saved !== undefined) return scrollWhenReady(saved);
      window.scrollTo(0, 0);
      return;
    }
    if (location.hash && scrollToAnchor(location.hash)) return;
    if (navigationType === 'PUSH' || pathChanged) window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, location.hash, navigationType]);

  return null;
}
