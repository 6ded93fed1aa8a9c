import { endpointUrl, type SdkConfig } from './config.ts';
import type { Logger } from './logger.ts';

export type PublicEndpoint = 'subscribe' | 'visit' | 'unsubscribe' | 'trigger' | 'identify' | 'delivered' | 'clicked';

export interface FetchInitLike {
  method: 'POST';
  headers: Record<string, string>;
  body: string;
  credentials: 'omit';
  mode: 'cors';
  keepalive?: boolean;
}

export interface FetchResponseLike {
  ok: boolean;
  status: number;
  text(): Promise<string>;
}

export type FetchLike = (url: string, init: FetchInitLike) => Promise<FetchResponseLike>;

export interface ApiClient {
  /** Resolves to the parsed JSON body ({} when empty) on 2xx, or null after logging a failure. Never rejects. */
  post(endpoint: PublicEndpoint, body: Record<string, unknown>, options?: { keepalive?: boolean }): Promise<unknown>;
}

export interface ApiClientOptions {
  config: Pick<SdkConfig, 'apiBase'>;
  fetch: FetchLike;
  logger: Logger;
  retryDelayMs?: number;
}

/** A network error or a 5xx is retried once (the retry drops keepalive, which some browsers reject). */
export function createApiClient({ config, fetch, logger, retryDelayMs = 1000 }: ApiClientOptions): ApiClient {
  return {
    async post(endpoint, body, options = {}) {
      const url = endpointUrl(config, endpoint);
      const init: FetchInitLike = {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'omit',
        mode: 'cors',
      };
      let lastProblem = '';
      for (let attempt = 0; attempt < 2; attempt += 1) {
        if (attempt > 0) await sleep(retryDelayMs);
        const keepalive = options.keepalive === true && attempt === 0;
        try {
          const response = await fetch(url, keepalive ? { ...init, keepalive } : init);
          if (response.ok) return parseBody(await response.text());
          lastProblem = `HTTP ${response.status}`;
          if (response.status < 500) break;
        } catch (error) {
          lastProblem = error instanceof Error ? error.message : String(error);
        }
      }
      logger.warn(`POST ${endpoint} failed: ${lastProblem}`);
      return null;
    },
  };
}

function parseBody(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}
