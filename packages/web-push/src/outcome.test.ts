import { describe, expect, it } from 'vitest';
import { EndpointRefusedError, PayloadTooLargeError, PushTransportError, WebPushInputError } from './errors.ts';
import { backoffMs, classify, classifyError, parseRetryAfter } from './outcome.ts';

describe('classify', () => {
  it.each([
    [201, 'sent'],
    [200, 'sent'],
    [202, 'sent'],
    [404, 'gone'],
    [410, 'gone'],
    [413, 'too_large'],
    [429, 'rate_limited'],
    [500, 'retry'],
    [503, 'retry'],
    [599, 'retry'],
    [401, 'error_401'],
    [403, 'error_403'],
    [400, 'error_x'],
    [301, 'error_x'],
    [204, 'error_x'],
  ])('%i → %s', (status, outcome) => {
    expect(classify(status)).toBe(outcome);
  });

  it('classifies thrown errors', () => {
    expect(classifyError(new PushTransportError('timeout', 't'))).toBe('retry');
    expect(classifyError(new PayloadTooLargeError(5000, 3993))).toBe('too_large');
    expect(classifyError(new WebPushInputError('bad'))).toBe('error_x');
    expect(classifyError(new EndpointRefusedError('not a push service'))).toBe('refused');
  });
});

describe('backoffMs', () => {
  it('draws uniformly below min(cap, base·2^(attempt−1))', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0.999)).toBe(999);
    expect(backoffMs(3, 1000, 60_000, () => 0.5)).toBe(2000);
    expect(backoffMs(20, 1000, 60_000, () => 0.999)).toBe(59_940);
    expect(backoffMs(4, 1000, 60_000, () => 0)).toBe(0);
    for (let i = 0; i < 1000; i++) {
      const value = backoffMs(2);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(2000);
    }
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    const now = Date.UTC(2030, 0, 1, 0, 0, 0);
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Tue, 01 Jan 2030 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 31 Dec 2029 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });
});
