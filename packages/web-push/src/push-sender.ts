import { Deque } from './deque.ts';
import { WebPushInputError } from './errors.ts';
import { backoffMs, classify, classifyError, type FinalOutcome, type Outcome } from './outcome.ts';
import type { PushClient, PushPayload, PushResponse, PushSubscription } from './push-client.ts';
import type { SendOptions } from './send-options.ts';

export interface SendItem {
  subscription: PushSubscription;
  payload: PushPayload | null;
  options: SendOptions;
}

export interface SendResult {
  /** Position of the item in the array given to `sendMany`. */
  index: number;
  outcome: FinalOutcome;
  /** Last HTTP status; 0 when no answer came (timeout, connection error) or the input was refused. */
  status: number;
  attempts: number;
  retryAfterMs?: number;
  body?: string;
  location?: string;
  /** Message of the error that ended the item (input refused, transport failure). */
  error?: string;
}

export interface SendManyOptions {
  /** Requests in flight at once, over all origins. Default 256. */
  concurrency?: number;
  onResult?: (result: SendResult) => void;
}

export interface SendManySummary {
  total: number;
  counts: Record<FinalOutcome, number>;
  durationMs: number;
}

export interface PushSenderOptions {
  /** Attempts per item for `retry` and `rate_limited` outcomes before it is reported `dead`. Default 3. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffCapMs?: number;
  /** Upper bound on an origin pause taken from `Retry-After`. Default 10 min. */
  maxPauseMs?: number;
  random?: () => number;
}

interface Entry {
  index: number;
  attempts: number;
}

interface Lane {
  pausedUntil: number;
  queue: Deque<Entry>;
}

const emptyCounts = (): Record<FinalOutcome, number> => ({
  sent: 0,
  gone: 0,
  too_large: 0,
  error_401: 0,
  error_403: 0,
  error_x: 0,
  refused: 0,
  dead: 0,
});

/** Bulk sending over a `PushClient`: bounded concurrency, per-origin pauses after 429, retries with backoff. */
export class PushSender {
  readonly #maxAttempts: number;
  readonly #base: number;
  readonly #cap: number;
  readonly #maxPause: number;
  readonly #random: () => number;

  readonly client: PushClient;

  constructor(client: PushClient, opts: PushSenderOptions = {}) {
    this.client = client;
    this.#maxAttempts = opts.maxAttempts ?? 3;
    this.#base = opts.backoffBaseMs ?? 1000;
    this.#cap = opts.backoffCapMs ?? 60_000;
    this.#maxPause = opts.maxPauseMs ?? 600_000;
    this.#random = opts.random ?? Math.random;
    if (!Number.isInteger(this.#maxAttempts) || this.#maxAttempts < 1) {
      throw new WebPushInputError('maxAttempts must be a positive integer');
    }
  }

  sendMany(items: readonly SendItem[], opts: SendManyOptions = {}): Promise<SendManySummary> {
    const concurrency = opts.concurrency ?? 256;
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      return Promise.reject(new WebPushInputError('concurrency must be a positive integer'));
    }
    const started = Date.now();
    const counts = emptyCounts();
    const lanes = new Map<string, Lane>();
    const laneList: Lane[] = [];
    let roundRobin = 0;
    let active = 0;
    let done = 0;
    let wakeAt = Number.POSITIVE_INFINITY;
    let wakeTimer: NodeJS.Timeout | undefined;
    let callbackError: unknown;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });

    const report = (result: SendResult) => {
      counts[result.outcome]++;
      done++;
      try {
        opts.onResult?.(result);
      } catch (error) {
        callbackError ??= error;
      }
      if (done === items.length) finish();
    };

    const next = (now: number): [Lane, Entry] | undefined => {
      for (let i = 0; i < laneList.length; i++) {
        const lane = laneList[(roundRobin + i) % laneList.length];
        if (!lane || lane.queue.length === 0 || lane.pausedUntil > now) continue;
        roundRobin = (roundRobin + i + 1) % laneList.length;
        const entry = lane.queue.shift();
        if (entry) return [lane, entry];
      }
      return undefined;
    };

    const pump = () => {
      const now = Date.now();
      while (active < concurrency) {
        const picked = next(now);
        if (!picked) break;
        active++;
        void attempt(picked[0], picked[1]);
      }
      // Wake up when the earliest paused origin with queued work may go again.
      let earliest = Number.POSITIVE_INFINITY;
      for (const lane of laneList) {
        if (lane.queue.length > 0 && lane.pausedUntil > now) earliest = Math.min(earliest, lane.pausedUntil);
      }
      if (earliest < wakeAt) {
        clearTimeout(wakeTimer);
        wakeAt = earliest;
        wakeTimer = setTimeout(() => {
          wakeAt = Number.POSITIVE_INFINITY;
          pump();
        }, earliest - now);
      }
    };

    const attempt = async (lane: Lane, entry: Entry) => {
      const item = items[entry.index] as SendItem;
      entry.attempts++;
      let response: PushResponse | undefined;
      let outcome: Outcome;
      let error: string | undefined;
      try {
        response = await this.client.send(item.subscription, item.payload, item.options);
        outcome = classify(response.status);
      } catch (caught) {
        outcome = classifyError(caught);
        error = caught instanceof Error ? caught.message : String(caught);
      }
      active--;
      const canRetry = entry.attempts < this.#maxAttempts;
      const retryAfterMs = response?.retryAfterMs;
      const backoff = () => backoffMs(entry.attempts, this.#base, this.#cap, this.#random);
      if (outcome === 'rate_limited' && canRetry) {
        const pause = Math.min(this.#maxPause, retryAfterMs ?? backoff());
        lane.pausedUntil = Math.max(lane.pausedUntil, Date.now() + pause);
        lane.queue.unshift(entry);
      } else if (outcome === 'retry' && canRetry) {
        const delay = Math.min(this.#maxPause, retryAfterMs ?? backoff());
        setTimeout(() => {
          lane.queue.unshift(entry);
          pump();
        }, delay);
      } else {
        const final: FinalOutcome = outcome === 'retry' || outcome === 'rate_limited' ? 'dead' : outcome;
        const status = response?.status ?? 0;
        const result: SendResult = { index: entry.index, outcome: final, status, attempts: entry.attempts };
        if (retryAfterMs !== undefined) result.retryAfterMs = retryAfterMs;
        if (response?.body !== undefined) result.body = response.body;
        if (response?.location !== undefined) result.location = response.location;
        if (error !== undefined) result.error = error;
        report(result);
      }
      pump();
    };

    items.forEach((item, index) => {
      let origin: string;
      try {
        origin = this.client.originOf(item.subscription?.endpoint);
      } catch (caught) {
        const error = caught instanceof Error ? caught.message : String(caught);
        const outcome = classifyError(caught);
        report({ index, outcome: outcome === 'refused' ? 'refused' : 'error_x', status: 0, attempts: 0, error });
        return;
      }
      let lane = lanes.get(origin);
      if (!lane) {
        lane = { pausedUntil: 0, queue: new Deque<Entry>() };
        lanes.set(origin, lane);
        laneList.push(lane);
      }
      lane.queue.push({ index, attempts: 0 });
    });

    if (items.length === 0) finish();
    else pump();
    return finished.then(() => {
      clearTimeout(wakeTimer);
      if (callbackError !== undefined) throw callbackError;
      return { total: items.length, counts, durationMs: Date.now() - started };
    });
  }
}
