import type { ApiClient } from './api-client.ts';
import type { Logger } from './logger.ts';

/** What `identify` accepts: 1–255 printable characters (as the server's subscribable_id). */
export const MAX_SUBSCRIBABLE_ID_LENGTH = 255;
const PRINTABLE = /^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+$/u;

/** Returns an error text, or null when the id is acceptable. */
export function validateSubscribableId(id: unknown): string | null {
  if (typeof id !== 'string' || id === '') return 'the id must be a non-empty string';
  if ([...id].length > MAX_SUBSCRIBABLE_ID_LENGTH || id.length > MAX_SUBSCRIBABLE_ID_LENGTH * 2) {
    return `the id must be at most ${MAX_SUBSCRIBABLE_ID_LENGTH} characters`;
  }
  if (!PRINTABLE.test(id) || id.trim() !== id) {
    return 'the id must be printable characters without leading or trailing spaces';
  }
  return null;
}

/** The part of `localStorage` the SDK uses; absent or throwing storage falls back to memory (one page view). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

interface Remembered {
  /** The id the site asked for last. */
  wanted?: string;
  /** What the server was last told: this endpoint carries this id. */
  sent?: { endpoint: string; id: string };
}

export interface Identity {
  /** Remembers the site's id for this visitor (kept across page views until it changes). */
  want(id: string): void;
  /**
   * Tells the server the wanted id for this subscription, once per change: nothing is sent when this endpoint was
   * already given this id (on an earlier page view too). True when the server has it.
   */
  sync(endpoint: string): Promise<boolean>;
}

/** The visitor's identity as the SDK remembers it per website, sent with `identify` only when it changes. */
export function createIdentity(deps: {
  api: ApiClient;
  logger: Logger;
  storage: StorageLike | null | undefined;
  websiteId: string;
}): Identity {
  const key = `pushmine.identity.${deps.websiteId}`;
  let memory: Remembered = {};
  const read = (): Remembered => {
    try {
      const text = deps.storage?.getItem(key);
      if (text) memory = JSON.parse(text) as Remembered;
    } catch {
      // private mode or a sandboxed frame: memory only
    }
    return memory;
  };
  const write = (value: Remembered) => {
    memory = value;
    try {
      deps.storage?.setItem(key, JSON.stringify(value));
    } catch {
      // memory only
    }
  };
  let queue: Promise<boolean> = Promise.resolve(true);

  const syncNow = async (endpoint: string): Promise<boolean> => {
    const state = read();
    if (state.wanted === undefined) return true;
    if (state.sent?.endpoint === endpoint && state.sent.id === state.wanted) return true;
    const id = state.wanted;
    const body = { website_id: deps.websiteId, endpoint, subscribable_id: id };
    if ((await deps.api.post('identify', body)) === null) return false;
    write({ ...read(), sent: { endpoint, id } });
    return true;
  };

  return {
    want(id) {
      write({ ...read(), wanted: id });
    },
    sync(endpoint) {
      // one at a time: a second call sees what the first stored and sends nothing
      queue = queue.then(
        () => syncNow(endpoint),
        () => syncNow(endpoint),
      );
      return queue;
    },
  };
}
