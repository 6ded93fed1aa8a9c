import { describe, expect, it, vi } from 'vitest';
import { installable, isInstalled, processQueue } from './command-queue.ts';
import { silentLogger } from './logger.ts';
import type { PushmineApi } from './pushmine-client.ts';

function recordingApi() {
  const calls: unknown[][] = [];
  const api: PushmineApi = {
    subscribe: async () => {
      calls.push(['subscribe']);
      return { status: 'default' };
    },
    unsubscribe: async () => {
      calls.push(['unsubscribe']);
      return true;
    },
    triggerPushEvent: async (...args: unknown[]) => {
      calls.push(['triggerPushEvent', ...args]);
      return true;
    },
    getSubscription: async () => {
      calls.push(['getSubscription']);
      return null;
    },
    identify: async (...args: unknown[]) => {
      calls.push(['identify', ...args]);
      return true;
    },
  };
  return { api, calls };
}

describe('command queue', () => {
  it('runs the calls made before load once, in order, then empties the queue', () => {
    const { api, calls } = recordingApi();
    const queue: unknown[] = [
      ['triggerPushEvent', 'signup'],
      ['identify', 'user-42'],
      ['subscribe'],
      (a: PushmineApi) => a.getSubscription(),
    ];
    expect(processQueue(queue, api, silentLogger)).toBe(4);
    expect(calls).toEqual([
      ['triggerPushEvent', 'signup', undefined],
      ['identify', 'user-42'],
      ['subscribe'],
      ['getSubscription'],
    ]);
    expect(queue).toEqual([]);
    expect(processQueue(queue, api, silentLogger)).toBe(0);
    expect(calls).toHaveLength(4);
  });

  it('logs and skips unknown or malformed commands without throwing', () => {
    const { api, calls } = recordingApi();
    const logger = { warn: vi.fn(), error: vi.fn() };
    const thrower = () => {
      throw new Error('boom');
    };
    expect(() => processQueue([['nope'], 'text', 5, [], thrower, ['unsubscribe']], api, logger)).not.toThrow();
    expect(calls).toEqual([['unsubscribe']]);
    expect(logger.error).toHaveBeenCalledTimes(5);
  });

  it('passes a non-string event name through as empty so the API rejects it', () => {
    const { api, calls } = recordingApi();
    processQueue([['triggerPushEvent', 12]], api, silentLogger);
    expect(calls).toEqual([['triggerPushEvent', '', undefined]]);
  });

  it('ignores a queue that is not an array (e.g. the API itself)', () => {
    const { api } = recordingApi();
    expect(processQueue(undefined, api, silentLogger)).toBe(0);
    expect(processQueue(installable(api, silentLogger), api, silentLogger)).toBe(0);
  });

  it('the installed object runs later push() calls immediately', () => {
    const { api, calls } = recordingApi();
    const installed = installable(api, silentLogger);
    expect(isInstalled(installed)).toBe(true);
    expect(isInstalled([])).toBe(false);
    expect(installed.push(['triggerPushEvent', 'purchase'])).toBe(1);
    expect(calls).toEqual([['triggerPushEvent', 'purchase', undefined]]);
  });
});
