import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await b.newContext({ baseURL: 'http://localhost:3100', viewport: { width: 1400, height: 900 } });
const page = await ctx.newPage();
await page.goto('/login');
await page.getByLabel(/email/i).fill('client@pushdeck.test');
await page.getByLabel(/password/i).fill('demo-password');
await page.getByRole('button', { name: /log ?in|sign in/i }).click();
await page.waitForURL(/dashboard/);
await page.waitForTimeout(1500);
const id = process.argv[2] || '1';
for (const [name, path] of [['welcome', `/dashboard/${id}/welcome`], ['recurring-send', `/dashboard/${id}/recurring/send`], ['trigger-create', `/dashboard/${id}/triggers/create`], ['setup', '/drip-tools/instant-setup']]) {
  await page.goto(path); await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: true });
}
console.log(page.url());
await b.close();
