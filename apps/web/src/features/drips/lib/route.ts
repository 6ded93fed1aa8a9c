/** A route's numeric param (`:id`, `:edit_id`, …) as a positive integer, else undefined. */
export function routeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** Paths of the drips screens under /dashboard/:id. */
export const dripPaths = {
  welcome: (domainId: number) => `/dashboard/${domainId}/welcome`,
  welcomeEdit: (domainId: number, id: number | 'new') => `/dashboard/${domainId}/welcome/${id}`,
  regular: (domainId: number) => `/dashboard/${domainId}/recurring`,
  group: (domainId: number, groupId: number) => `/dashboard/${domainId}/recurring/${groupId}`,
  tails: (domainId: number) => `/dashboard/${domainId}/recurring/tails`,
  drafts: (domainId: number) => `/dashboard/${domainId}/recurring/drafts`,
  spam: (domainId: number) => `/dashboard/${domainId}/recurring/spam`,
  send: (domainId: number) => `/dashboard/${domainId}/recurring/send`,
  recurringEdit: (domainId: number, id: number) => `/dashboard/${domainId}/recurring/edit/${id}`,
};
