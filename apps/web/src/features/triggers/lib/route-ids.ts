/** A route's numeric param (`:id`, `:trigger_id`) as a positive integer, else undefined. */
export function routeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

export const triggerPaths = {
  list: (domainId: number) => `/dashboard/${domainId}/triggers`,
  create: (domainId: number) => `/dashboard/${domainId}/triggers/create`,
  edit: (domainId: number, triggerId: number) => `/dashboard/${domainId}/triggers/edit/${triggerId}`,
  website: (domainId: number) => `/dashboard/${domainId}`,
};
