import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type FetchInitLike } from './api-client.ts';

const config = { apiBase: 'https://pushdeck.example.com/api/public/v1/' };

describe('api client', () => {
  it('posts JSON without credentials to {apiBase}/{endpoint} and returns the body', async () => {
    const fetch = vi.fn(async (_url: string, _init: FetchInitLike) => ({
      ok: true,
      status: 200,
      text: async () => '{"data":{"id":1}}',
    }));
    const client = createApiClient({ config, fetch, logger: { warn: vi.fn(), error: vi.fn() }, retryDelayMs: 0 });
    expect(await client.post('visit', { a: 1 }, { keepalive: true })).toEqual({ data: { id: 1 } });
    expect(fetch).toHaveBeenCalledWith('https://pushdeck.example.com/api/public/v1/visit', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
      credentials: 'omit',
      mode: 'cors',
      keepalive: true,
    });
  });

  it('retries a network failure once (without keepalive) and never throws', async () => {
    const logger = { warn: vi.fn(), error: vi.fn() };
    const fetch = vi.fn(async (_url: string, _init: FetchInitLike) => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ config, fetch, logger, retryDelayMs: 0 });
    await expect(client.post('trigger', {}, { keepalive: true })).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[1]![1].keepalive).toBeUndefined();
    expect(logger.warn).toHaveBeenCalledWith('POST trigger failed: Failed to fetch');
  });

  it('retries a 5xx once, but not a 4xx', async () => {
    const statuses = [503, 200];
    const fetch = vi.fn(async () => {
      const status = statuses.shift() ?? 200;
      return { ok: status < 300, status, text: async () => '' };
    });
    const logger = { warn: vi.fn(), error: vi.fn() };
    const client = createApiClient({ config, fetch, logger, retryDelayMs: 0 });
    expect(await client.post('delivered', { m: 'x' })).toEqual({});
    expect(fetch).toHaveBeenCalledTimes(2);

    const rejecting = vi.fn(async () => ({ ok: false, status: 422, text: async () => '{}' }));
    const other = createApiClient({ config, fetch: rejecting, logger, retryDelayMs: 0 });
    expect(await other.post('clicked', { m: 'x', action: 'main' })).toBeNull();
    expect(rejecting).toHaveBeenCalledTimes(1);
  });
});
