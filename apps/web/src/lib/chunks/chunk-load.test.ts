import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHUNK_RELOAD_GUARD_MS,
  CHUNK_RELOAD_KEY,
  CHUNK_TIMEOUT_MS,
  ChunkLoadError,
  installChunkErrorReload,
  isChunkLoadError,
  page,
  reloadForChunkError,
  resetChunkReload,
  withChunkTimeout,
} from './chunk-load';

const failedImport = () =>
  new TypeError('Failed to fetch dynamically imported module: http://x.test/assets/files-page-abc.js');

describe('chunk loads', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  let now = 1_000_000;
  beforeEach(() => {
    window.sessionStorage.clear();
    resetChunkReload();
    reload = vi.spyOn(page, 'reload').mockImplementation(() => {});
    vi.spyOn(page, 'now').mockImplementation(() => now);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('knows a failed chunk from any other error', () => {
    expect(isChunkLoadError(failedImport())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('timed out'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads once, not again within the guard time, and again after it', () => {
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(now));
    // the reloaded page fails again at once: no second reload
    resetChunkReload();
    now += 5_000;
    expect(reloadForChunkError()).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    // a later deploy, long after: reloads again
    now += CHUNK_RELOAD_GUARD_MS;
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('asks for one reload however many chunks fail in the same page', () => {
    expect(reloadForChunkError()).toBe(true);
    expect(reloadForChunkError()).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("fails a chunk that does not come within the spec's 120 s as a ChunkLoadError", async () => {
    vi.useFakeTimers();
    const load = withChunkTimeout(() => new Promise<never>(() => {}));
    const failed = expect(load).rejects.toSatisfy(
      (error: unknown) => error instanceof ChunkLoadError && error.name === 'ChunkLoadError',
    );
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    load.catch(() => {}).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await failed;
  });

  it('passes a chunk that loads in time, and its failure as it is', async () => {
    await expect(withChunkTimeout(() => Promise.resolve('screen'))).resolves.toBe('screen');
    const error = failedImport();
    await expect(withChunkTimeout(() => Promise.reject(error))).rejects.toBe(error);
  });

  it("reloads on Vite's preload error for a chunk, not for a module that threw nor during a navigation", () => {
    let navigating = true;
    const uninstall = installChunkErrorReload(() => navigating, window);
    const fire = (payload: unknown) =>
      window.dispatchEvent(Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload }));
    // a screen's chunk during a navigation: the route's error page reloads at the new address
    fire(failedImport());
    expect(reload).not.toHaveBeenCalled();
    navigating = false;
    fire(new Error('boom in module code'));
    expect(reload).not.toHaveBeenCalled();
    fire(failedImport());
    expect(reload).toHaveBeenCalledTimes(1);
    uninstall();
  });
});
