// Chromium offers to install the app through a `beforeinstallprompt` event that fires once, early, and
// only while the app is not installed. main.tsx starts listening before anything renders; the install
// prompt (components/AppPrompts.tsx) shows an 'Install app' button while the event is held.
import { useSyncExternalStore } from 'react';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let held: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function listenForInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    held = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    held = null;
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the browser offers installing the app now. */
export function useInstallAvailable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => held !== null,
    () => false,
  );
}

/** Shows the browser's install dialog; the offer is used up either way. */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const event = held;
  if (!event) return 'dismissed';
  held = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}
