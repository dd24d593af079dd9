// @vitest-environment jsdom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';

let root: Root;
let controllerChange: (() => void) | undefined;

/** A service worker that installed a new version and waits, as after a deploy (registerType 'prompt'). */
function waitingWorker() {
  const worker = { state: 'installed', postMessage: vi.fn(), addEventListener: vi.fn() };
  const registration = { waiting: worker, installing: null, update: vi.fn(async () => undefined) };
  vi.stubGlobal('navigator', {
    ...navigator,
    serviceWorker: {
      getRegistration: async () => registration,
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'controllerchange') controllerChange = listener;
      },
    },
  });
  return worker;
}

function ChunkThatIsGone(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/ModelCanvas-old.js');
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  controllerChange = undefined;
  root = createRoot(document.body.appendChild(document.createElement('div')));
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ErrorBoundary', () => {
  it("lets a waiting new version take over before reloading, so the old version's chunks are not asked again", async () => {
    const worker = waitingWorker();
    await act(async () => root.render(createElement(ErrorBoundary, null, createElement(ChunkThatIsGone))));
    const reload = document.querySelector('button');
    expect(reload?.textContent).toBe('Reload page');
    await act(async () => {
      reload?.click();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(worker.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(controllerChange).toBeTypeOf('function');
  });
});
