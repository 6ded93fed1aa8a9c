/**
 * A code chunk that fails to load (spec part 1 §8: 'ChunkLoadError after 120 s time-out'). The usual cause is a deploy
 * while the console is open: the page asks for a chunk of the build it was loaded from, which the server no longer
 * has. The page then reloads once (the new build's chunks load); if the chunk still fails soon after that reload, the
 * route shows a message with a Reload button instead of reloading again (no reload loop).
 */

/** The spec's time-out for loading a chunk. */
export const CHUNK_TIMEOUT_MS = 120_000;
/** A chunk failing again within this time of the automatic reload shows the message instead. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
/** sessionStorage: when the page last reloaded itself for a chunk (ms since the epoch). */
export const CHUNK_RELOAD_KEY = 'pushdeck.chunkReloadAt';

export const CHUNK_MSG = {
  title: 'Pushdeck has been updated',
  text: 'Part of this page could not be loaded, most likely because a new version of Pushdeck was installed while the page was open. Reload the page to continue.',
  reload: 'Reload',
  reloading: 'Loading the new version…',
} as const;

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

// What browsers say when a dynamic import fails (Chromium, Firefox, Safari), and Vite's preload of a chunk's CSS.
const CHUNK_FAILURE =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk [\w-]+ failed/i;

/** Whether `error` is a chunk that failed to load (or timed out). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_FAILURE.test(error.message);
}

/** `load()`, failing with a ChunkLoadError when it takes longer than `ms` (a request that never answers). */
export function withChunkTimeout<T>(load: () => Promise<T>, ms: number = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`Loading a chunk timed out after ${Math.round(ms / 1000)} s.`)),
      ms,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The page's reload (a seam for the tests: jsdom cannot reload). */
export const page = {
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

let reloading = false;

function lastReload(): number | null {
  try {
    const at = Number(window.sessionStorage.getItem(CHUNK_RELOAD_KEY));
    return Number.isFinite(at) && at > 0 ? at : null;
  } catch {
    return null;
  }
}

/**
 * Reloads the page for a failed chunk, unless it already reloaded itself for one in the last
 * CHUNK_RELOAD_GUARD_MS (or storage is unavailable, so the guard could not hold). Answers whether a reload is under way.
 */
export function reloadForChunkError(): boolean {
  if (reloading) return true;
  const at = lastReload();
  const now = page.now();
  if (at !== null && now - at >= 0 && now - at < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    window.sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false;
  }
  reloading = true;
  page.reload();
  return true;
}

/** For the tests: forget a reload asked for in this document. */
export function resetChunkReload(): void {
  reloading = false;
}

/**
 * Vite reports every failed dynamic import (a screen, a picker, a handler's code) as `vite:preloadError` on window:
 * the page reloads once for it (the error still reaches whoever imported). Not while `navigating()`: a screen's code
 * failing during a navigation reaches the route's error page, which reloads at the address the user was going to
 * (reloading now would reload the page they were leaving). Returns the uninstaller.
 */
export function installChunkErrorReload(navigating: () => boolean = () => false, target: Window = window): () => void {
  const onError = (event: Event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (!navigating() && isChunkLoadError(error)) reloadForChunkError();
  };
  target.addEventListener('vite:preloadError', onError);
  return () => target.removeEventListener('vite:preloadError', onError);
}
