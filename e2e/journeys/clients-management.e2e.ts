import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, login, useBrowser } from '../support/browser.ts';
import { waitForPath, waitForScreen } from '../support/nav.ts';

const PASSWORD = 'journey-password';

/** Opens Clients Management as the admin, searched for `name`, and waits for the table to settle. */
async function openClients(page: Page, name: string): Promise<void> {
  await page.goto(`/management/clients?search=${encodeURIComponent(name)}`);
  await waitForScreen(page, `/management/clients?search=${encodeURIComponent(name)}`);
  const table = page.getByRole('table', { name: 'Clients' });
  await expect.poll(() => table.getAttribute('aria-busy')).toBe('false');
}

/** The Clients table's row of the client `name`. */
function clientRow(page: Page, name: string) {
  return page.getByRole('table', { name: 'Clients' }).getByRole('row').filter({ hasText: name });
}

/** Expands the client's row and answers its users table. */
async function expandClient(page: Page, name: string) {
  await clientRow(page, name).first().getByRole('button', { name: 'Show details' }).click();
  const users = page.getByRole('table', { name: `Users of ${name}` });
  await users.waitFor();
  return users;
}

async function confirmYes(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Are you sure?' });
  await dialog.getByRole('button', { name: 'Yes!' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('clients management (admin)', () => {
  const b = useBrowser();

  it('creates a client with its user and a second user; both sign in', async () => {
    const stamp = Date.now().toString(36);
    const clientName = `Journey Client ${stamp}`;
    const ownerEmail = `owner-${stamp}@journey.test`;
    const memberEmail = `member-${stamp}@journey.test`;

    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    await page.goto('/management/clients');
    await waitForScreen(page, '/management/clients');

    await page.getByRole('button', { name: 'Create client' }).click();
    const create = page.getByRole('dialog', { name: 'Create client' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByRole('alert').filter({ hasText: 'Fill the required fields!' }).waitFor();
    await create.getByRole('textbox', { name: 'Name', exact: true }).fill(clientName);
    await create.getByRole('textbox', { name: 'Email', exact: true }).fill(ownerEmail);
    await create.getByLabel(/^Password/).fill(PASSWORD);
    await create.getByLabel(/^Confirm password/).fill(`${PASSWORD}!`);
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('The password confirmation does not match!').waitFor();
    await create.getByLabel(/^Confirm password/).fill(PASSWORD);
    await create.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Client has been successfully created!').waitFor();
    await create.waitFor({ state: 'detached' });

    await openClients(page, clientName);
    const users = await expandClient(page, clientName);
    await users.getByRole('cell', { name: ownerEmail, exact: true }).waitFor();

    await page.getByRole('button', { name: 'Create user' }).click();
    const addUser = page.getByRole('dialog', { name: `Create user for ${clientName}` });
    await addUser.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey Member');
    await addUser.getByRole('textbox', { name: 'Email', exact: true }).fill(memberEmail);
    await addUser.getByLabel(/^Password/).fill(PASSWORD);
    await addUser.getByLabel(/^Confirm password/).fill(PASSWORD);
    await addUser.getByRole('button', { name: 'Create' }).click();
    await addUser.getByRole('alert').filter({ hasText: 'Fill the required fields!' }).waitFor();
    await addUser.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'user', exact: true }).click();
    await addUser.getByRole('button', { name: 'Create' }).click();
    await addUser.waitFor({ state: 'detached' });
    await users.getByRole('cell', { name: memberEmail, exact: true }).waitFor();

    // 'Log in as': the console becomes the member (the server's session too: it survives a reload).
    await users.getByRole('button', { name: `Log in as ${memberEmail}` }).click();
    await waitForPath(page, '/dashboard');
    const member = page.getByRole('link', { name: 'Journey Member, user' });
    await member.waitFor();
    // the impersonation banner says whose account this is and offers the way back
    const banner = page.getByRole('region', { name: 'Impersonation' });
    await banner.getByText(memberEmail, { exact: false }).waitFor();
    await banner.getByRole('button', { name: 'Return to moderation' }).waitFor();
    await page.reload();
    await member.waitFor();
    await context.close();

    for (const email of [ownerEmail, memberEmail]) {
      const other = await b.newPage();
      await login(other.page, { email, password: PASSWORD });
      await waitForPath(other.page, '/dashboard');
      await other.page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
      await other.context.close();
    }
  });

  it('activates a self-registered user, who can then sign in', async () => {
    const stamp = Date.now().toString(36);
    const email = `joiner-${stamp}@journey.test`;
    const { page: admin, context: adminContext } = await b.newPage();
    await login(admin, ACCOUNTS.admin);
    await waitForPath(admin, '/dashboard');
    await openClients(admin, 'Acme Shop');
    const uid = (await clientRow(admin, 'Acme Shop').first().getByRole('cell').nth(3).textContent())?.trim() ?? '';
    expect(uid).not.toBe('');

    const { page, context } = await b.newPage();
    await page.goto('/register');
    await page.getByText('User', { exact: true }).click();
    await page.getByLabel('Client ID').fill(uid);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Journey Joiner');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByLabel(/^Confirm password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create user account' }).click();
    await page.getByRole('status').filter({ hasText: 'waiting for an administrator' }).waitFor();

    await login(page, { email, password: PASSWORD });
    await page.getByText(/waiting for an administrator to activate it/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');

    await admin.reload();
    const users = await expandClient(admin, 'Acme Shop');
    const toggle = users.getByRole('switch', { name: `Active: ${email}` });
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await toggle.click();
    await confirmYes(admin);
    await admin.getByText(`${email} is now active.`).waitFor();
    await expect.poll(() => toggle.isChecked()).toBe(true);
    await adminContext.close();

    await login(page, { email, password: PASSWORD });
    await waitForPath(page, '/dashboard');
    await context.close();
  });

  it('deletes a client: the confirmation names what goes, the job runs to its end, its users cannot sign in', async () => {
    const stamp = Date.now().toString(36);
    const clientName = `Doomed Client ${stamp}`;
    const ownerEmail = `doomed-${stamp}@journey.test`;
    const { page, context } = await b.newPage();
    await login(page, ACCOUNTS.admin);
    await waitForPath(page, '/dashboard');
    const created = await apiCall<{ data: { id: number } }>(page, 'POST', '/api/v1/management/clients', {
      name: clientName,
      email: ownerEmail,
      password: PASSWORD,
      password_confirmation: PASSWORD,
    });
    expect(created.status).toBe(201);

    await openClients(page, clientName);
    await clientRow(page, clientName)
      .first()
      .getByRole('button', { name: `Delete client ${clientName}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete client' });
    await dialog.getByText('1 user', { exact: true }).waitFor();
    await dialog.getByText(/messages? of send history, and all statistics/).waitFor();
    const remove = dialog.getByRole('button', { name: 'Delete client' });
    await dialog.getByLabel(`Type ${clientName} to confirm`).fill('Doomed');
    expect(await remove.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${clientName} to confirm`).fill(clientName);
    await remove.click();
    // the job runs in the server's worker; the dialog follows it and closes when it is done
    await page.getByText(`Client ${clientName} has been deleted.`).waitFor({ timeout: 30_000 });
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Clients' }).getByText('No client matches the search.').waitFor();
    expect((await apiCall(page, 'GET', `/api/v1/management/clients/${created.json.data.id}`)).status).toBe(404);
    await context.close();

    const other = await b.newPage();
    await login(other.page, { email: ownerEmail, password: PASSWORD });
    await other.page.getByText('These credentials do not match our records.').waitFor();
    expect(new URL(other.page.url()).pathname).toBe('/login');
    await other.context.close();
  });
});
