// Toasts as the spec sets them: at most one visible (a new toast replaces the old), shown for 5000 ms,
// a dismissed toast is dropped from the store after 1,000,000 ms, and F8 focuses the notification region.
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { cx } from '../../lib/cx.ts';
import { CloseIcon } from './icons.tsx';

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
const HOTKEY = 'F8';

export type ToastVariant = 'default' | 'destructive';

export interface ToastOptions {
  title?: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** A button or link shown beside the text. */
  action?: ReactNode;
  /** Milliseconds before it dismisses itself; Infinity keeps it until closed. */
  duration?: number;
}

export interface ToastEntry extends ToastOptions {
  id: string;
  open: boolean;
}

export interface ToastHandle {
  id: string;
  /** Settles once the toast is on screen (or once it is dismissed or replaced before it got there). */
  shown: Promise<void>;
  dismiss: () => void;
  update: (options: ToastOptions) => void;
}

let entries: ToastEntry[] = [];
let nextId = 0;
const listeners = new Set<() => void>();
const removeTimers = new Map<string, number>();
/** What settles each toast's `shown`, until it has been on screen. */
const markShown = new Map<string, () => void>();

function settleShown(id: string): void {
  markShown.get(id)?.();
  markShown.delete(id);
}

function setEntries(next: ToastEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removeTimers.has(id)) return;
  const timer = window.setTimeout(() => {
    removeTimers.delete(id);
    setEntries(entries.filter((entry) => entry.id !== id));
  }, TOAST_REMOVE_DELAY_MS);
  removeTimers.set(id, timer);
}

/** Closes one toast, or every toast when no id is given. */
export function dismissToast(id?: string): void {
  for (const entry of entries) {
    if (id !== undefined && entry.id !== id) continue;
    scheduleRemoval(entry.id);
    settleShown(entry.id);
  }
  setEntries(
    entries.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)),
  );
}

/** Shows a toast, replacing the one on screen: toast({ title: 'Success!', description: '...' }). */
export function toast(options: ToastOptions): ToastHandle {
  nextId += 1;
  const id = String(nextId);
  const shown = new Promise<void>((resolve) => markShown.set(id, resolve));
  const kept = [{ ...options, id, open: true }, ...entries].slice(0, TOAST_LIMIT);
  for (const entry of entries) {
    if (kept.includes(entry)) continue;
    window.clearTimeout(removeTimers.get(entry.id));
    removeTimers.delete(entry.id);
    settleShown(entry.id);
  }
  setEntries(kept);
  return {
    id,
    shown,
    dismiss: () => dismissToast(id),
    update: (changes) =>
      setEntries(entries.map((entry) => (entry.id === id ? { ...entry, ...changes } : entry))),
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useToastEntries(): ToastEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
}

/** The toasts in the store plus the functions to show and dismiss them. */
export function useToast() {
  return { toasts: useToastEntries(), toast, dismiss: dismissToast };
}

function ToastItem({ entry }: { entry: ToastEntry }) {
  const { id, title, description, action, variant = 'default', duration = TOAST_DURATION_MS } = entry;
  const [paused, setPaused] = useState(false);
  const remaining = useRef(duration);

  useEffect(() => settleShown(id), [id]);

  // Hovering or focusing a toast pauses its countdown so it can be read and acted on.
  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    const startedAt = Date.now();
    const timer = window.setTimeout(() => dismissToast(id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt;
    };
  }, [id, paused]);

  return (
    <li
      className={cx('toast', `toast--${variant}`)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismissToast(id);
      }}
    >
      <div className="toast__text">
        {title && <div className="toast__title">{title}</div>}
        {description && <div className="toast__description">{description}</div>}
      </div>
      {action && <div className="toast__action">{action}</div>}
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dismissToast(id)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/** The notification region; render once near the root of the app. */
export function Toaster() {
  const toasts = useToastEntries();
  const regionRef = useRef<HTMLOListElement>(null);
  // The region is portalled to <body> after the first commit: a prerendered page has no such markup,
  // and hydration must see exactly what the server rendered.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== HOTKEY) return;
      event.preventDefault();
      regionRef.current?.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  if (!mounted) return null;
  // Rendered outside #root so it stays usable (and on top) while a modal dialog makes the app inert.
  return createPortal(
    <ol
      ref={regionRef}
      className="toast-viewport"
      aria-label={`Notifications (${HOTKEY})`}
      aria-live="polite"
      tabIndex={-1}
    >
      {toasts
        .filter((entry) => entry.open)
        .map((entry) => (
          <ToastItem key={entry.id} entry={entry} />
        ))}
    </ol>,
    document.body,
  );
}
