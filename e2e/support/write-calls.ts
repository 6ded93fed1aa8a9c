import { type Action, effectivePermissions, may, type UserInfo } from '@pushdeck/contracts';
import type { Page, Route } from 'playwright-core';

/**
 * The server's calls that change something, with the ACTIONS entry each route declares (from the routes the server
 * registers: `t.routes` in apps/server/src/plugins/route-walk.test.ts). 'authenticated': any signed-in user (the
 * service checks the rest: one's own profile, a plan request). A call not listed here fails the journey: add it.
 */
const WRITES: [method: string, path: string, rule: Action | 'authenticated'][] = [
  ['POST', '/api/auth/user/change-password', 'authenticated'],
  ['POST', '/api/auth/moder/loginToUser', 'clients.manage'],
  ['POST', '/api/v1/domains', 'domains.write'],
  ['PUT', '/api/v1/domains/:id', 'domains.write'],
  ['DELETE', '/api/v1/domains/:id', 'domains.delete'],
  ['POST', '/api/v1/domains/addTags/:id', 'domains.tag'],
  ['POST', '/api/v1/domains/removeTags/:id', 'domains.tag'],
  ['POST', '/api/v1/tags', 'tags.manage'],
  ['PUT', '/api/v1/tags/:id', 'tags.manage'],
  ['DELETE', '/api/v1/tags/:id', 'tags.manage'],
  ['POST', '/api/v1/api-keys', 'apiKeys.manage'],
  ['DELETE', '/api/v1/api-keys/:id', 'apiKeys.manage'],
  ['POST', '/api/v1/segments', 'audiences.create'],
  ['PUT', '/api/v1/segments/:id', 'audiences.edit'],
  ['DELETE', '/api/v1/segments/:id', 'audiences.edit'],
  ['PUT', '/api/v1/subscribers/:id', 'audiences.edit'],
  ['DELETE', '/api/v1/drips/welcome/delete/:groupId/:id', 'drips.write'],
  ['DELETE', '/api/v1/drips/welcome/delete/:groupId', 'drips.write'],
  ['DELETE', '/api/v1/drips/recurring/delete/:groupId/:id', 'drips.write'],
  ['DELETE', '/api/v1/drips/recurring/delete/:groupId', 'drips.write'],
  ['DELETE', '/api/v1/drips/trigger/delete/:groupId/:id', 'triggers.edit'],
  ['DELETE', '/api/v1/drips/trigger/delete/:groupId', 'triggers.edit'],
  ['DELETE', '/api/v1/drips/:id', 'drips.writeAny'],
  ['POST', '/api/v1/drips/deleteArray', 'drips.write'],
  ['POST', '/api/v1/drips/welcome/createOrUpdate', 'drips.write'],
  ['POST', '/api/v1/drips/welcome/updateStatus/:domain_id/:group_id/:status', 'drips.write'],
  ['POST', '/api/v1/drips/welcome/updateScheduleByGroup/:domainId/:groupId', 'drips.write'],
  ['POST', '/api/v1/drips/recurring/createOrUpdate', 'drips.write'],
  ['POST', '/api/v1/drips/recurring/updateStatus/:domain_id/:group_id/:status', 'drips.write'],
  ['POST', '/api/v1/drips/recurring/updateScheduleByGroup/:domainId/:groupId', 'drips.write'],
  ['POST', '/api/v1/drips/trigger/createOrUpdate', 'triggers.save'],
  ['POST', '/api/v1/drips/trigger/updateStatus/:domain_id/:group_id/:status', 'triggers.edit'],
  ['POST', '/api/v1/drips/trigger/updateScheduleByGroup/:domainId/:groupId', 'triggers.edit'],
  ['POST', '/api/v1/drips/recurring/setup', 'drips.setup'],
  ['PUT', '/api/v1/drips/:id', 'drips.writeAny'],
  ['POST', '/api/v1/drips', 'drips.createAny'],
  ['POST', '/api/v1/abstract/groups', 'drips.write'],
  ['POST', '/api/v1/abstract/groups/:id/attach', 'drips.write'],
  ['POST', '/api/v1/abstract/groups/:id/detach', 'drips.write'],
  ['DELETE', '/api/v1/abstract/groups/:id', 'drips.write'],
  ['POST', '/api/v1/abstract/groups/:id/toggle', 'drips.write'],
  ['POST', '/api/v1/tools/update-schedules/recurring', 'drips.write'],
  ['POST', '/api/v1/schedules/createOrUpdateSpam', 'spam.write'],
  ['DELETE', '/api/v1/schedules/:id', 'spam.write'],
  ['POST', '/api/v1/files/uploadImage', 'drips.upload'],
  ['POST', '/api/v1/billing/plans', 'management.clients.write'],
  ['PUT', '/api/v1/billing/plans/:id', 'management.clients.write'],
  ['DELETE', '/api/v1/billing/plans/:id', 'management.clients.write'],
  ['PUT', '/api/v1/billing/clients/:id/plan', 'management.clients.write'],
  ['POST', '/api/v1/billing/requests', 'authenticated'],
  ['POST', '/api/v1/billing/requests/:id/decision', 'management.clients.write'],
  ['POST', '/api/v1/management/clients', 'management.clients.write'],
  ['PUT', '/api/v1/management/clients/:id', 'management.clients.write'],
  ['POST', '/api/v1/management/users', 'management.users'],
  ['PUT', '/api/v1/management/users/:id', 'management.users'],
  ['DELETE', '/api/v1/management/users/:id', 'management.users'],
  ['POST', '/api/v1/management/roles', 'management.roles.write'],
  ['PUT', '/api/v1/management/roles/:id', 'management.roles.write'],
  ['DELETE', '/api/v1/management/roles/:id', 'management.roles.write'],
  ['POST', '/api/v1/management/permissions', 'management.roles.write'],
  ['PUT', '/api/v1/management/permissions/:id', 'management.roles.write'],
  ['DELETE', '/api/v1/management/permissions/:id', 'management.roles.write'],
  ['POST', '/api/v1/tools/copy-tools/recurring', 'tools.copy2'],
  ['POST', '/api/v1/tools/recurring-migration', 'tools.recurringMigration'],
  ['POST', '/api/v1/management/clusters', 'management.infrastructure'],
  ['PUT', '/api/v1/management/clusters/:id', 'management.infrastructure'],
  ['DELETE', '/api/v1/management/clusters/:id', 'management.infrastructure'],
  ['POST', '/api/v1/management/dbsubs', 'management.infrastructure'],
  ['PUT', '/api/v1/management/dbsubs/:id', 'management.infrastructure'],
  ['DELETE', '/api/v1/management/dbsubs/:id', 'management.infrastructure'],
  ['POST', '/api/v1/connections/changeMasterDomainConnectionDB', 'management.infrastructure'],
  ['POST', '/api/v1/connections/changeMasterDomainConnectionAPI', 'management.infrastructure'],
  ['POST', '/api/v1/connections', 'management.infrastructure'],
  ['PUT', '/api/v1/connections', 'management.infrastructure'],
  ['DELETE', '/api/v1/connections', 'management.infrastructure'],
  ['POST', '/api/v1/connections/bindGeoConnectionsToDomain', 'management.infrastructure'],
  ['POST', '/api/v1/connections/bindConnectionToDomain', 'management.infrastructure'],
  ['POST', '/api/v1/connections/unBindConnectionToDomain', 'management.infrastructure'],
  ['DELETE', '/api/v1/files/removeCSV', 'files.read'],
  ['POST', '/api/v1/files/customExport', 'files.customExport'],
];

/** POST calls that only read (queries with a body), and the session's own calls: they go to the server unchanged. */
const READS =
  /^\/api\/(csrf-cookie|auth\/user(\/logout)?|v1\/statistics\/|v2\/statistics\/|v1\/segments\/(count|exists|executeQueryField)|v1\/connections\/getDomain|v1\/files\/generate|v1\/management\/clusters\/test$)/;

const pattern = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z_]+/g, '[^/]+')}$`);
const TABLE = WRITES.map(([method, path, rule]) => ({ method, re: pattern(path), rule, path }));

export interface WriteGuard {
  /** Write calls the user's permissions do not allow, or that the table does not know. */
  readonly problems: string[];
  /** Write calls made and answered by the journey ("METHOD path: action"). */
  readonly answered: string[];
}

/**
 * From now on, every call of `page` that would change something is answered here (200, `{}`) instead of reaching
 * the server, after checking with `may` that the signed-in user's permissions (GET /api/auth/user/info) allow it: pressing
 * Save, Delete or a switch on the shared demo data changes nothing, and a control offered for a call the server would
 * refuse is reported.
 */
export async function guardWrites(page: Page): Promise<WriteGuard> {
  const me = await page.context().request.get('/api/auth/user/info');
  if (me.status() !== 200) throw new Error(`GET /api/auth/user/info answered ${me.status()}`);
  const user = ((await me.json()) as { data: UserInfo }).data;
  const granted = effectivePermissions(user.roles, user.permissions);
  const problems: string[] = [];
  const answered: string[] = [];
  await page.route('**/api/**', async (route: Route) => {
    const request = route.request();
    const { pathname } = new URL(request.url());
    if (request.method() === 'GET' || request.method() === 'HEAD' || READS.test(pathname)) {
      await route.continue();
      return;
    }
    const where = `${request.method()} ${pathname} (on ${new URL(page.url()).pathname})`;
    const known = TABLE.find((w) => w.method === request.method() && w.re.test(pathname));
    if (!known) problems.push(`${where}: not in e2e/support/write-calls.ts`);
    else if (known.rule !== 'authenticated' && !may(granted, known.rule))
      problems.push(`${where}: needs ${known.rule}`);
    else answered.push(`${where}: ${known.rule}`);
    await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  return { problems, answered };
}
