import { readFile } from 'node:fs/promises';
import { INFRA_MSG } from '@pushdeck/contracts';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';
import { S3_KEY, startS3 } from '../support/s3.ts';

/** This machine's PostgreSQL server (the one the server tests use). */
const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function fillServer(group: Locator, port: string) {
  await group.getByLabel(/^Host/).fill(PG.hostname);
  await group.getByLabel(/^Port/).fill(port);
  await group.getByLabel(/^Database/).fill(PG.pathname.slice(1) || 'postgres');
  await group.getByLabel(/^Username/).fill(decodeURIComponent(PG.username || 'postgres'));
  await group.getByLabel(/^Password/).fill(decodeURIComponent(PG.password) || 'journey-secret');
}

async function confirmYes(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Yes!' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function signedInAdmin(b: ReturnType<typeof useBrowser>) {
  const session = await b.newPage();
  await login(session.page, ACCOUNTS.admin);
  await waitForPath(session.page, '/dashboard');
  return session;
}

describe('infrastructure administration (admin)', () => {
  const b = useBrowser();
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it('adds a cluster with a db sub and tests it: reachable here, an error on a wrong port', async () => {
    const name = `Journey cluster ${Date.now().toString(36)}`;
    const { page, context } = await signedInAdmin(b);
    await page.goto('/management/clusters');
    await waitForScreen(page, '/management/clusters');
    await page.getByRole('button', { name: 'Create cluster' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create cluster' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Fill out the cluster required fields!' }).waitFor();

    await dialog.getByLabel(/^Cluster name/).fill(name);
    await dialog.getByRole('combobox', { name: 'Clients' }).click();
    await page.getByRole('option', { name: 'Acme Shop' }).click();
    const master = dialog.getByRole('group', { name: 'Master database (db_entities_master)' });
    await fillServer(master, '1');
    await master.getByRole('button', { name: 'Test connection' }).click();
    // the wrong port: not reachable, with the one text of every failure that is not a PostgreSQL answer
    await master.getByRole('status').filter({ hasText: 'Not reachable' }).waitFor();
    await master.getByRole('status').filter({ hasText: INFRA_MSG.noPostgres }).waitFor();
    await master.getByLabel(/^Port/).fill(PG.port || '5432');
    await master.getByRole('button', { name: 'Test connection' }).click();
    await master
      .getByRole('status')
      .filter({ hasText: /Reachable.*PostgreSQL \d+/ })
      .waitFor();

    const sub = dialog.getByRole('group', { name: 'First db sub' });
    await sub.getByLabel(/^Db sub name/).fill('shard-0');
    await sub.getByLabel(/^Region/).fill('eu');
    await fillServer(sub, PG.port || '5432');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Cluster config has been saved!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const row = page.getByRole('table', { name: 'Clusters' }).getByRole('row').filter({ hasText: name });
    await row.getByText('Acme Shop').waitFor();
    await row.getByText(/Reachable · [\d.]+ ms/).waitFor();
    await row.getByRole('button', { name: 'Show details' }).click();
    const subs = page.getByRole('table', { name: `Db subs of ${name}` });
    await subs.getByRole('button', { name: 'Test connection: shard-0' }).click();
    await subs.getByText(/Reachable · [\d.]+ ms/).waitFor();
    await context.close();
  });

  it('binds two API connections to a website, switches master, and pushmine.js calls the new API base', async () => {
    const stamp = Date.now().toString(36);
    const { page, context } = await signedInAdmin(b);
    const sites = await apiCall<{ data: { id: number; url: string; website_id: string }[] }>(
      page,
      'GET',
      '/api/v1/domains?limit=100',
    );
    const shop = sites.json.data.find((d) => d.url === 'https://shop.acme.test')!;
    await page.goto(`/dashboard/${shop.id}`);
    await page.getByRole('button', { name: 'Connection settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Connection settings: https://shop.acme.test' });
    const apiTable = dialog.getByRole('table', { name: 'API connections' });
    // two API nodes made with the dialog's New connection form
    const bases: string[] = [];
    const names: string[] = [];
    await dialog.getByRole('button', { name: 'New connection' }).click();
    const form = dialog.getByRole('form', { name: 'New connection' });
    for (const n of [1, 2]) {
      const base = `https://api${n}-${stamp}.push.example`;
      await form.getByRole('textbox', { name: /^Name/ }).fill(`Node ${n} ${stamp}`);
      await form.getByRole('textbox', { name: /^Attribute/ }).fill(base);
      await form.getByRole('textbox', { name: /^Region/ }).fill('EU');
      const [created] = await Promise.all([
        page.waitForResponse(
          (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/connections',
        ),
        form.getByRole('button', { name: 'Create connection' }).click(),
      ]);
      expect(created.status()).toBe(201);
      const id = ((await created.json()) as { data: { id: number } }).data.id;
      bases.push(base);
      names.push(`#${id} Node ${n} ${stamp} (${base})`);
      if (n === 1) await dialog.getByRole('button', { name: 'New connection' }).click();
    }
    for (const option of names) {
      await dialog.getByRole('combobox', { name: 'Add a new API bundle' }).click();
      await page.getByRole('option', { name: option }).click();
      await dialog.getByRole('button', { name: 'Bind', exact: true }).first().click();
      await apiTable.getByRole('cell', { name: option.split(' (')[0]!.replace(/^#\d+ /, ''), exact: true }).waitFor();
    }
    for (const [i, base] of bases.entries()) {
      const label = `Master Node ${i + 1} ${stamp}: FALSE`;
      await apiTable.getByRole('button', { name: label }).click();
      await page.getByRole('dialog', { name: 'Are you sure?' }).getByText("You wiil change the 'master'.").waitFor();
      await confirmYes(page);
      await page.getByRole('dialog', { name: 'Changed' }).waitFor();
      await apiTable.getByRole('button', { name: `Master Node ${i + 1} ${stamp}: TRUE` }).waitFor();
      // the Integrate page names the master's API base
      const answer = await apiCall<{ data: { api_base: string; source: string } }>(
        page,
        'GET',
        `/api/v1/files/apiBase?website_id=${shop.website_id}`,
      );
      expect(answer.json.data).toEqual({ api_base: `${base}/api/public/v1`, source: 'master_connection' });
    }
    // the first is slave again
    await apiTable.getByRole('button', { name: `Master Node 1 ${stamp}: FALSE` }).waitFor();

    await page.goto(`/dashboard/${shop.id}/integrate`);
    await page.getByText(`${bases[1]}/api/public/v1`).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download pushmine.js' }).click(),
    ]);
    const text = await readFile((await download.path())!, 'utf8');
    const config = JSON.parse(/^self\.PUSHMINE_CONFIG = (\{.*\});$/m.exec(text)![1]!);
    expect(config.apiBase).toBe(`${bases[1]}/api/public/v1`);

    // unbinding the master: the website's scripts call this instance again
    await page.goto(`/dashboard/${shop.id}`);
    await page.getByRole('button', { name: 'Connection settings' }).click();
    await apiTable.getByRole('button', { name: `Unbind Node 2 ${stamp}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Unbind' }).click();
    await page.getByRole('dialog', { name: 'Unbound!' }).getByText('Your bundle has been unbound.').waitFor();
    await apiTable.getByRole('cell', { name: `Node 2 ${stamp}`, exact: true }).waitFor({ state: 'detached' });
    await context.close();
  });

  it("sets a client's image storage to an S3 server; the client's icon is uploaded and served from there", async () => {
    const stamp = Date.now().toString(36);
    const clientName = `Journey Storage ${stamp}`;
    const owner = { email: `storage-${stamp}@journey.test`, password: 'journey-password' };
    const { page, context } = await signedInAdmin(b);
    const created = await apiCall(page, 'POST', '/api/v1/management/clients', {
      name: clientName,
      email: owner.email,
      password: owner.password,
      password_confirmation: owner.password,
    });
    expect(created.status).toBe(201);

    const path = `/management/clients?search=${encodeURIComponent(clientName)}`;
    await page.goto(path);
    await waitForScreen(page, path);
    await page.getByRole('button', { name: `Image storage: ${clientName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Image storage: ${clientName}` });
    await dialog.getByText('No storage configured').waitFor();
    await dialog.getByRole('button', { name: 'Save config' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Fail to update image storage config!' }).waitFor();
    await dialog.getByLabel(/^Host/).fill(s3.endpoint);
    await dialog.getByLabel(/^Username/).fill(S3_KEY.username);
    await dialog.getByLabel(/^Password/).fill(S3_KEY.password);
    await dialog.getByLabel(/^Public domain/).fill(`${s3.endpoint}/${s3.bucket}`);
    await dialog.getByLabel(/^Document root/).fill(s3.bucket);
    await dialog.getByLabel(/^Public root/).fill('icons');
    await dialog.getByRole('button', { name: 'Save config' }).click();
    await page.getByText('Image storage config has been updated!').waitFor();
    await dialog.getByText('Uploads of this client go to the S3 bucket below.').waitFor();
    // the secret is never shown back
    expect(await dialog.getByLabel(/^Password/).inputValue()).toBe('');
    await context.close();

    const client = await b.newPage();
    await login(client.page, owner);
    await waitForPath(client.page, '/dashboard');
    // the client adds a website and uploads an icon with the welcome drip editor's Upload button
    const site = await apiCall<{ data: { id: number } }>(client.page, 'POST', '/api/v1/domains', {
      url: `https://storage-${stamp}.journey.test`,
    });
    expect(site.status).toBe(201);
    await client.page.goto(`/dashboard/${site.json.data.id}/welcome/new`);
    const form = client.page.getByRole('form', { name: 'Welcome drip' });
    await form.waitFor({ timeout: 10_000 });
    const [chooser] = await Promise.all([
      client.page.waitForEvent('filechooser'),
      form.getByRole('button', { name: 'Upload Custom Icon' }).click(),
    ]);
    await chooser.setFiles({ name: 'icon.png', mimeType: 'image/png', buffer: PNG });
    const iconInput = form.getByRole('textbox', { name: /^Custom Icon/ });
    await client.page.waitForFunction(
      (el) => (el as HTMLInputElement).value.startsWith('http'),
      await iconInput.elementHandle(),
    );
    const url = await iconInput.inputValue();
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/icons/`)).toBe(true);
    const served = await client.page.goto(url);
    expect(served?.status()).toBe(200);
    expect((await served!.body()).equals(PNG)).toBe(true);
    await client.context.close();
  });
});
