import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../test/harness.ts';

const MULTIPART = 'multipart/form-data; boundary=b';
const field = (name: string, value: string) =>
  `--b\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe.each(testBackends())('malformed request bodies on $name', (backend) => {
  let t: TestApp;
  let acme: TestClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    acme = await signedIn(t, DEMO.client);
  });
  afterAll(() => t?.close());

  const post = (url: string, body: string, contentType: string) =>
    acme.request('POST', url, { body, headers: { 'content-type': contentType } });

  it.each([
    ['no boundary', 'x', 'multipart/form-data'],
    ['an empty boundary', 'x', 'multipart/form-data; boundary='],
    [
      'a boundary longer than 256 characters',
      `--${'b'.repeat(300)}\r\n`,
      `multipart/form-data; boundary=${'b'.repeat(300)}`,
    ],
    ['a part cut off', `${field('domain_id', '1')}--b`, MULTIPART],
    ['no part at all', '--b\r\nbroken', MULTIPART],
  ])('answers 400 to a multipart body with %s', async (_, body, contentType) => {
    for (const url of ['/api/v1/files/uploadImage', '/api/v1/drips/deleteArray']) {
      const res = await post(url, body, contentType);
      expect([res.statusCode, res.json()], url).toEqual([400, { message: MSG.malformedMultipart }]);
    }
  });

  it('answers 422 to a NUL in a multipart field, as in a JSON body', async () => {
    const res = await post(
      '/api/v1/drips/deleteArray',
      `${field('domain_id', '1')}${field('ids', '1,2\u0000')}--b--\r\n`,
      MULTIPART,
    );
    expect([res.statusCode, res.json()]).toEqual([
      422,
      { message: MSG.invalidText, errors: { ids: [MSG.invalidText] } },
    ]);
  });
});
