import { EndpointRefusedError, PayloadTooLargeError, PushTransportError } from './errors.ts';

/**
 * What a push service answer means for the sender. `refused`: the endpoint policy refused the endpoint, so no
 * request was made (and none ever will be: treat the subscription as gone).
 */
export type Outcome =
  | 'sent'
  | 'gone'
  | 'too_large'
  | 'rate_limited'
  | 'retry'
  | 'error_401'
  | 'error_403'
  | 'error_x'
  | 'refused';

/** Final outcome of a bulk send: `retry`/`rate_limited` that ran out of attempts are `dead`. */
export type FinalOutcome = Exclude<Outcome, 'retry' | 'rate_limited'> | 'dead';

/** Maps a push service HTTP status to an outcome (RFC 8030 §5, §8). */
export function classify(status: number): Outcome {
  if (status === 200 || status === 201 || status === 202) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 413) return 'too_large';
  if (status === 429) return 'rate_limited';
  if (status >= 500 && status <= 599) return 'retry';
  if (status === 401) return 'error_401';
  if (status === 403) return 'error_403';
  return 'error_x';
}

/** Maps an error thrown by `PushClient.send`: transport failures are retryable, bad input is not. */
export function classifyError(error: unknown): Outcome {
  if (error instanceof PushTransportError) return 'retry';
  if (error instanceof PayloadTooLargeError) return 'too_large';
  if (error instanceof EndpointRefusedError) return 'refused';
  return 'error_x';
}

/** Exponential backoff with full jitter: uniform in [0, min(cap, base·2^(attempt−1))). `attempt` starts at 1. */
export function backoffMs(attempt: number, base = 1000, cap = 60_000, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 30);
  return Math.floor(random() * Math.min(cap, base * 2 ** exponent));
}

/** `Retry-After` as delta-seconds or HTTP-date → milliseconds from `now`; undefined when absent or malformed. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at) || !/[a-z]/i.test(text)) return undefined;
  return Math.max(0, at - now);
}
