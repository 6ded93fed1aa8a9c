import { readFile, writeFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../test/api-keys.ts';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { injectFetch } from '../../test/openapi/inject-fetch.ts';
import type { paths } from '../../test/openapi/server-api.generated.ts';
import { serverApiTypes } from '../../test/openapi/server-api-document.ts';

const GENERATED = new URL('../../test/openapi/server-api.generated.ts', import.meta.url);

/**
 * A client generated from the OpenAPI document (issue #27): openapi-typescript makes the types of the server API,
 * openapi-fetch calls it with them. The committed types must be what the document gives today
 * (`UPDATE_SERVER_API=1` writes them again), and the typed client must work against the running API.
 */
describe.each(testBackends())('A client generated from the OpenAPI document on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t?.close());

  it('documents the server API with its security scheme, and the committed types match the document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/server/v1/key'].get.security).toEqual([{ apiKey: [] }]);
    const types = await serverApiTypes(t);
    if (process.env.UPDATE_SERVER_API === '1') await writeFile(GENERATED, types);
    expect(await readFile(GENERATED, 'utf8'), 'run UPDATE_SERVER_API=1 on this test to write the types again').toBe(
      types,
    );
  });

  it('calls the server API with the generated types', async () => {
    const key = await createApiKey(t, { email: DEMO.client, scopes: ['send'], name: 'Generated client' });
    const client = createClient<paths>({ baseUrl: 'http://pushdeck.test', fetch: injectFetch(t) });
    const me = await client.GET('/api/server/v1/key', { headers: { Authorization: `Bearer ${key}` } });
    expect(me.response.status).toBe(200);
    expect(me.data?.data.name).toBe('Generated client');
    expect(me.data?.data.scopes).toEqual(['send']);
    const refused = await client.GET('/api/server/v1/key', { headers: { Authorization: 'Bearer pdk_nope' } });
    expect(refused.response.status).toBe(401);
  });
});
