import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall } from '../support/api.ts';
import { ACCOUNTS, DEMO_PASSWORD, login, useBrowser } from '../support/browser.ts';
import { sidebarItems, waitForPath, waitForScreen } from '../support/nav.ts';

/** Picks `option` in the (multi-)select labelled `label` inside `scope`, opening its list when it is closed. */
async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  const item = page.getByRole('option', { name: option, exact: true });
  if (!(await item.isVisible())) await scope.getByRole('combobox', { name: label, exact: true }).click();
  await item.click();
}

describe('Roles Management and Users Management', () => {
  const b = useBrowser();

  it("admin creates a role with two permissions, gives it to a user, and the user's sidebar follows", async () => {
    const stamp = Date.now().toString(36);
    const roleName = `e2e_helpdesk_${stamp}`;
    const helper = { name: `Rita ${stamp}`, email: `rita.${stamp}@pushdeck.test`, password: DEMO_PASSWORD };

    // A user of the demo client (the demo accounts stay as other journeys expect them): made through the API.
    const admin = await b.newPage();
    await login(admin.page, ACCOUNTS.admin);
    await waitForPath(admin.page, '/dashboard');
    const demo = await apiCall<{ data: { data: { client_id: number }[] } }>(
      admin.page,
      'GET',
      `/api/v1/management/users?search=${encodeURIComponent(ACCOUNTS.user.email)}`,
    );
    const clientId = demo.json.data.data[0]!.client_id;
    const created = await apiCall(admin.page, 'POST', '/api/v1/management/users', {
      ...helper,
      password_confirmation: helper.password,
      client_id: clientId,
      role: 'user',
    });
    expect(created.status).toBe(201);

    // The user signs in: the sidebar of role user.
    const rita = await b.newPage();
    await login(rita.page, helper);
    await waitForPath(rita.page, '/dashboard');
    const before = await sidebarItems(rita.page);
    expect(before).toContain('Analytics');
    expect(before).not.toContain('Tags Manager');
    expect(before).not.toContain('Drip Instruments');

    // Roles Management: an empty name is refused, then the role is created and given two permissions.
    await admin.page.goto('/management/roles');
    await waitForScreen(admin.page, '/management/roles');
    await admin.page.getByRole('table', { name: 'Roles' }).getByText('moder', { exact: true }).waitFor();
    await admin.page.getByRole('button', { name: 'Create Role' }).click();
    const create = admin.page.getByRole('dialog', { name: 'Create Role' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Fill out the role name').waitFor();
    await create.getByLabel(/Role name/).fill(roleName);
    await create.getByLabel(/Role name/).press('Enter');
    await admin.page.getByText('Role has been created!').waitFor();
    await create.waitFor({ state: 'detached' });

    await admin.page.getByRole('textbox', { name: 'Search' }).fill(roleName);
    await admin.page.waitForURL((url) => url.searchParams.get('search') === roleName);
    await admin.page.getByRole('button', { name: `Sync permissions of ${roleName}` }).click();
    const sync = admin.page.getByRole('dialog', { name: `Permissions of ${roleName}` });
    await pick(admin.page, sync, 'Permissions', 'menu.tags.manager');
    await pick(admin.page, sync, 'Permissions', 'menu.tools.drip_manager');
    // A click outside the list closes it (it covers the buttons while open).
    await sync.getByRole('heading', { name: `Permissions of ${roleName}` }).click();
    await admin.page.getByRole('listbox').waitFor({ state: 'hidden' });
    await sync.getByRole('button', { name: 'Sync' }).click();
    const confirm = admin.page.getByRole('dialog', { name: 'Are you sure?' });
    await confirm.getByText(`The role ${roleName} will have 2 permissions.`, { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Yes!' }).click();
    await admin.page.getByText(`Permissions of ${roleName} have been synced!`).waitFor();
    await admin.page.getByRole('button', { name: /show/i }).first().click();
    const held = admin.page.getByRole('list', { name: `Permissions of ${roleName}` });
    await expect
      .poll(() => held.getByRole('listitem').allTextContents())
      .toEqual(['menu.tags.manager', 'menu.tools.drip_manager']);

    // Users Management: the role is given to the user after the confirmation.
    await admin.page.goto(`/users-management?search=${encodeURIComponent(helper.email)}`);
    await waitForScreen(admin.page, `/users-management?search=${encodeURIComponent(helper.email)}`);
    const users = admin.page.getByRole('table', { name: 'Users' });
    await users.getByText(helper.email).waitFor();
    await expect.poll(() => users.getByRole('row').count()).toBe(2); // the header and Rita
    await pick(admin.page, users, `Role of ${helper.name}`, roleName);
    const sure = admin.page.getByRole('dialog', { name: 'Are you sure?' });
    await sure.getByText(`${helper.name} will have the role ${roleName}`, { exact: false }).waitFor();
    await sure.getByRole('button', { name: 'Yes!' }).click();
    await admin.page.getByText(`The role of ${helper.name} has been synced!`).waitFor();

    // The user's next page load shows the new role's screens, and no longer those of role user.
    await rita.page.reload();
    await expect
      .poll(() => sidebarItems(rita.page))
      .toEqual(expect.arrayContaining(['Tags Manager', 'Drip Instruments']));
    expect(await sidebarItems(rita.page)).not.toContain('Analytics');
    await rita.page.goto('/tags-manager');
    await waitForScreen(rita.page, '/tags-manager');

    await rita.context.close();
    await admin.context.close();
  });
});
