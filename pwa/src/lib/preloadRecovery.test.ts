// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadIntoNewVersion } from './appUpdate.ts';
import { reloadOnStaleChunks } from './preloadRecovery.ts';

vi.mock('./appUpdate.ts', () => ({ reloadIntoNewVersion: vi.fn(async () => undefined) }));

/** What Vite dispatches when a lazily loaded chunk fails to load; true when a listener took over. */
async function chunkFailsToLoad(): Promise<boolean> {
  const event = new Event('vite:preloadError', { cancelable: true });
  window.dispatchEvent(event);
  await vi.dynamicImportSettled();
  return event.defaultPrevented;
}

beforeAll(() => reloadOnStaleChunks());

beforeEach(() => {
  window.sessionStorage.clear();
  vi.mocked(reloadIntoNewVersion).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('reloadOnStaleChunks', () => {
  it('reloads into the new version once, and leaves a second failure within a minute to the error screen', async () => {
    expect(await chunkFailsToLoad()).toBe(true);
    expect(reloadIntoNewVersion).toHaveBeenCalledTimes(1);
    expect(await chunkFailsToLoad()).toBe(false);
    expect(reloadIntoNewVersion).toHaveBeenCalledTimes(1);
  });

  it('reloads again for a failure after the guard has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    expect(await chunkFailsToLoad()).toBe(true);
    vi.setSystemTime(Date.now() + 60_000);
    expect(await chunkFailsToLoad()).toBe(true);
    expect(reloadIntoNewVersion).toHaveBeenCalledTimes(2);
  });
});
