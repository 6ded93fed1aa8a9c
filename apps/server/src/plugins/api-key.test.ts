import { API_KEY_MSG, type ApiScope } from '@pushdeck/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../lib/actor.ts';
import type { ApiKeyContext } from '../modules/api-keys/api-keys.service.ts';
import { assertKeyWebsite, registerApiKeys } from './api-key.ts';
import { registerErrorHandling } from './errors.ts';
import type { App } from './types.ts';

const KEYS: Record<string, ApiKeyContext> = {
  'pdk_send-only': { id: 1, clientId: 7, name: 'send', prefix: 'pdk_s', scopes: ['send'], websiteIds: [3] },
  'pdk_stats-only': { id: 2, clientId: 7, name: 'stats', prefix: 'pdk_t', scopes: ['stats'], websiteIds: null },
};

/**
 * The server API's guard on its own (plugins/api-key.ts): the scope a route declares, any one of a list, and the
 * website list of a key. Keys come from a stand-in lookup here; api-keys.test.ts runs the real one on both databases.
 */
describe('the server API guard', () => {
  let app: App;
  beforeAll(async () => {
    app = Fastify().withTypeProvider() as unknown as App;
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    registerApiKeys(app, {
      keys: {
        authenticate: async (token) => {
          const key = KEYS[token];
          return key ? { key, actor: { clientId: key.clientId } as Actor } : undefined;
        },
      },
    });
    const route = (url: string, apiScope?: ApiScope | ApiScope[]) =>
      app.get(url, { config: { permission: 'apiKey', ...(apiScope ? { apiScope } : {}) } }, async (request) => ({
        key: request.apiKey?.name,
        client: request.actor?.clientId,
      }));
    route('/api/server/v1/sends', 'send');
    route('/api/server/v1/either', ['send', 'stats']);
    route('/api/server/v1/any');
    app.get<{ Params: { id: string } }>(
      '/api/server/v1/websites/:id',
      { config: { permission: 'apiKey' } },
      async (request) => {
        assertKeyWebsite(request, Number(request.params.id));
        return { ok: true };
      },
    );
    await app.ready();
  });
  afterAll(() => app.close());

  const call = (url: string, key?: string) =>
    app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });

  it('answers 403 naming the scope a key lacks, and lets any one of a list pass', async () => {
    expect((await call('/api/server/v1/sends', 'pdk_send-only')).json()).toEqual({ key: 'send', client: 7 });
    const refused = await call('/api/server/v1/sends', 'pdk_stats-only');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(API_KEY_MSG.missingScope('send'));
    expect((await call('/api/server/v1/either', 'pdk_stats-only')).statusCode).toBe(200);
    expect((await call('/api/server/v1/any', 'pdk_stats-only')).statusCode).toBe(200);
    expect((await call('/api/server/v1/any')).statusCode).toBe(401);
    expect((await call('/api/server/v1/any', 'pdk_unknown')).json().message).toBe(API_KEY_MSG.invalid);
  });

  it('keeps a key to its websites when it names some: another website is a 404', async () => {
    expect((await call('/api/server/v1/websites/3', 'pdk_send-only')).statusCode).toBe(200);
    const other = await call('/api/server/v1/websites/4', 'pdk_send-only');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Website not found.');
    expect((await call('/api/server/v1/websites/4', 'pdk_stats-only')).statusCode).toBe(200);
  });
});
