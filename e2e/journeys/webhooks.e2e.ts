import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, seriousViolations } from '../support/axe.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath } from '../support/nav.ts';

/** A receiver on 127.0.0.1 (the built server runs with PUSHDECK_WEBHOOK_HOSTS=127.0.0.1:*): records what it gets. */
async function startReceiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pushdeck-hook`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** What a receiver does: HMAC-SHA256 of "<t>.<raw body>" with the secret, here with WebCrypto. */
async function verified(secret: string, header: string, body: string): Promise<boolean> {
  const { t, v1 } = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const enc = new TextEncoder();
  const key = await crypto.subtle.importKey('raw', enc.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'verify',
  ]);
  const mac = new Uint8Array((v1 ?? '').match(/../g)?.map((h) => Number.parseInt(h, 16)) ?? []);
  return crypto.subtle.verify('HMAC', key, mac, enc.encode(`${t}.${body}`));
}

describe('outcome webhooks (client)', () => {
  const b = useBrowser();
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver?.close());

  it('adds a webhook, copies its secret, sends a test event to a local receiver and sees the attempt listed', async () => {
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.client);
    await waitForPath(page, '/dashboard');
    const res = await page.request.get('/api/v1/domains/get?search=shop.acme.test');
    const site = ((await res.json()).data as { id: number; url: string }[]).find(
      (d) => d.url === 'https://shop.acme.test',
    );
    expect(site).toBeDefined();

    // from the website's sidebar
    await page.goto(`/dashboard/${site!.id}`);
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Webhooks' }).click();
    await waitForPath(page, `/dashboard/${site!.id}/webhooks`);
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    expect(describeViolations('Webhooks (empty)', await seriousViolations(page))).toEqual([]);

    // a private address is refused under the URL field, then the local receiver (listed by the operator) is added
    await page.getByRole('button', { name: 'Add webhook' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add webhook' });
    await dialog.getByRole('textbox', { name: /URL/ }).waitFor();
    await expect
      .poll(() => dialog.evaluate((d) => d.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')))
      .toBe(true);
    expect(describeViolations('Add webhook', await seriousViolations(page))).toEqual([]);
    await dialog.getByRole('textbox', { name: /URL/ }).fill('https://10.0.0.8/hook');
    await dialog.getByRole('checkbox', { name: /^Clicked/ }).check();
    await dialog.getByRole('button', { name: 'Add webhook' }).click();
    await dialog.getByText(/This address is not allowed/).waitFor();
    await dialog.getByRole('textbox', { name: /URL/ }).fill(receiver.url);
    await dialog.getByRole('button', { name: 'Add webhook' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Webhook secret' });
    const secret = ((await secretDialog.getByLabel('Secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_/);
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await secretDialog.waitFor({ state: 'detached' });

    const card = page.getByRole('article', { name: `Webhook ${receiver.url}` });
    await card.getByText('none yet').waitFor();
    expect(await page.content()).not.toContain(secret);
    await card.getByRole('button', { name: 'Send test event' }).click();
    await page.getByText('Test event delivered: 204 OK.').waitFor();
    const attempts = card.getByRole('table', { name: /^Last attempts of webhook/ });
    await attempts.getByRole('cell', { name: '204 OK' }).waitFor();
    await attempts.getByRole('cell', { name: 'test', exact: true }).waitFor();
    expect(describeViolations('Webhooks (attempts)', await seriousViolations(page))).toEqual([]);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(JSON.parse(got!.body)).toMatchObject({ type: 'test', website_id: site!.id });
    expect(await verified(secret, String(got!.headers['pushdeck-signature']), got!.body)).toBe(true);

    // delete it: the list is empty again
    await card.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    await context.close();
  });
});
