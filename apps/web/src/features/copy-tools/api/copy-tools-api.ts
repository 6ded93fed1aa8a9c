import {
  CLIENT_HEADER,
  COPY_LIMITS,
  clientSummarySchema,
  copyJobStartSchema,
  domainListRowSchema,
  dripListRowSchema,
  jobStatusResponseSchema,
  LIMITS,
  segmentExistsResultSchema,
  segmentSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api, type QueryParams } from '@/lib/api';

/**
 * The calls of Copy Tools, Copy Tools 2.0 and Recurring Migration (spec part 2 §7). Every call takes the client uid it
 * acts for: a moderator picks a source and a target client, and each call names the one it reads or writes.
 */
export type CopyDomain = z.infer<typeof copyDomainSchema>;
export type CopyDrip = z.infer<typeof dripListRowSchema>;
export type CopySegment = z.infer<typeof segmentSchema>;
export type CopyClient = z.infer<typeof clientSummarySchema>;
export type Relation = 'recurring' | 'tail-recurring';

const copyDomainSchema = domainListRowSchema.required({ id: true, url: true });
const headersFor = (clientUid: string | null | undefined) => (clientUid ? { [CLIENT_HEADER]: clientUid } : undefined);

/** GET /v1/management/clients: every client (the moderator's pickers). */
export async function fetchClients(signal?: AbortSignal): Promise<CopyClient[]> {
  return wrapped(z.array(clientSummarySchema)).parse(await api.get<unknown>('/v1/management/clients', { signal })).data;
}

/** The client's websites with their tags (pages of 1000 until a short page). */
export async function fetchDomains(clientUid: string | null, signal?: AbortSignal): Promise<CopyDomain[]> {
  const size = LIMITS.bulkPageSize;
  const rows: CopyDomain[] = [];
  for (let offset = 0; ; offset += size) {
    const query = { 'with[domain_tags]': '*', order_by: 'url:asc', limit: size, offset };
    const headers = headersFor(clientUid);
    const page = wrapped(z.array(copyDomainSchema)).parse(
      await api.get<unknown>('/v1/domains/get', { query, signal, ...(headers ? { headers } : {}) }),
    ).data;
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

/** What step 4.1 filters the recurring drips by (part 2 §4: each change reloads the list). */
export interface RecurringFilter {
  relation: Relation;
  active: 0 | 1;
  /** Only drips sent to any of these audiences (source audience ids); empty: all. */
  audiences?: readonly number[];
  /** Only drips sent at this time of day (HH:MM or HH:MM:SS); null or empty: any time. */
  time?: string | null;
}

/**
 * Recurring drips of a website for copy: newest first, by status, relation (Recurring / Tail Recurring), audiences
 * and send time (whereRelation on schedules and schedules.audiences), with schedules and audiences, in pages of 500
 * until a short page (part 2 §7 "Recurring drips for copy").
 */
export async function fetchRecurring(
  domainId: number,
  filter: RecurringFilter,
  clientUid: string | null,
  signal?: AbortSignal,
): Promise<CopyDrip[]> {
  const size = COPY_LIMITS.pageSize;
  const rows: CopyDrip[] = [];
  for (let offset = 0; ; offset += size) {
    const query: QueryParams = {
      order_by: 'id:desc',
      'where[is_active]': filter.active,
      'where[domain_id]': domainId,
      'whereRelation[schedules][type]': filter.relation,
      'whereRelation[schedules][time]': filter.time || undefined,
      'whereRelation[schedules.audiences][id]': filter.audiences?.length ? [...filter.audiences] : undefined,
      'with[schedules.audiences]': '*',
      limit: size,
      offset,
    };
    const headers = headersFor(clientUid);
    const page = wrapped(z.array(dripListRowSchema)).parse(
      await api.get<unknown>('/v1/drips/recurring/get', { query, signal, ...(headers ? { headers } : {}) }),
    ).data;
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

/**
 * Welcome drips of a website one per group (group_by=group_id: a chain's first drip stands for it), with their
 * schedules (part 2 §7 "Welcome drips for copy").
 */
export async function fetchWelcome(domainId: number, clientUid: string | null, signal?: AbortSignal) {
  const query: QueryParams = {
    'where[domain_id]': domainId,
    group_by: 'group_id',
    'with[schedules.audiences]': '*',
    order_by: 'id:desc',
  };
  const headers = headersFor(clientUid);
  return wrapped(z.array(dripListRowSchema)).parse(
    await api.get<unknown>('/v1/drips/welcome/get', { query, signal, ...(headers ? { headers } : {}) }),
  ).data;
}

/** Every welcome drip of one group of a website, in their order (the single-group fetch of part 2 §7). */
export async function fetchWelcomeGroup(
  domainId: number,
  groupId: number,
  clientUid: string | null,
  signal?: AbortSignal,
) {
  const query: QueryParams = {
    'where[domain_id]': domainId,
    'where[group_id]': groupId,
    'with[schedules.audiences]': '*',
    order_by: 'drip_number:asc',
  };
  const headers = headersFor(clientUid);
  return wrapped(z.array(dripListRowSchema)).parse(
    await api.get<unknown>('/v1/drips/welcome/get', { query, signal, ...(headers ? { headers } : {}) }),
  ).data;
}

/** Audiences of a website (not system ones), pages of 1000 while a full page returns. */
export async function fetchAudiences(domainId: number, clientUid: string | null, signal?: AbortSignal) {
  const size = LIMITS.bulkPageSize;
  const rows: CopySegment[] = [];
  for (let offset = 0; ; offset += size) {
    const query: QueryParams = {
      'where[domain_id]': domainId,
      'where[type]': 'audience',
      'where[is_system]': 0,
      order_by: 'id:desc',
      limit: size,
      offset,
    };
    const headers = headersFor(clientUid);
    const page = wrapped(z.array(segmentSchema)).parse(
      await api.get<unknown>('/v1/segments/get', { query, signal, ...(headers ? { headers } : {}) }),
    ).data;
    rows.push(...page);
    if (page.length < size) return rows;
  }
}

/** POST /v1/segments/exists: the target's audience of this name and query, if any. */
export async function audienceExists(
  body: { name: string; query: unknown; domain_id: number },
  clientUid: string | null,
) {
  const headers = headersFor(clientUid);
  return wrapped(segmentExistsResultSchema).parse(
    await api.post<unknown>('/v1/segments/exists', { body, ...(headers ? { headers } : {}) }),
  ).data;
}

/** POST /v1/segments: an audience on the target. */
export async function createAudience(
  body: { name: string; query: unknown; domain_id: number },
  clientUid: string | null,
) {
  const headers = headersFor(clientUid);
  return wrapped(segmentSchema).parse(
    await api.post<unknown>('/v1/segments', { body: { ...body, type: 'audience' }, ...(headers ? { headers } : {}) }),
  ).data;
}

/**
 * POST /v1/drips/{type}/createOrUpdate with withCopy: 1, so a success is 200; the copy requires exactly 200 (part 2
 * §7): any other answer fails with 'Request failed with status {code}' (or the server's message).
 */
export async function createOrUpdateForCopy(type: 'recurring' | 'welcome', drips: unknown[], clientUid: string | null) {
  const headers: Record<string, string> = { withCopy: '1', ...(headersFor(clientUid) ?? {}) };
  return api.post<unknown>(`/v1/drips/${type}/createOrUpdate`, { body: drips, headers, expectStatus: 200 });
}

export interface Copy2Request {
  sourceClientId: number;
  targetClientId: number;
  sourceDomainId: number;
  targetDomainIds: number[];
  /** `*` when every loaded drip is selected. */
  dripIds: number[] | '*';
  withGroups: boolean;
  /** Copy again the drips an earlier copy already made on a target. */
  allowDuplicates: boolean;
}

/** POST /v1/tools/copy-tools/recurring (multipart): starts the job. */
export async function startCopy2(r: Copy2Request) {
  const form = new FormData();
  form.append('source_client_id', String(r.sourceClientId));
  form.append('target_client_id', String(r.targetClientId));
  form.append('source_domain_id', String(r.sourceDomainId));
  form.append('target_domain_ids', r.targetDomainIds.join(','));
  form.append('drip_ids', r.dripIds === '*' ? '*' : r.dripIds.join(','));
  if (r.withGroups) form.append('with_recurring_groups', '1');
  if (r.allowDuplicates) form.append('allow_duplicates', '1');
  return copyJobStartSchema.parse(await api.post<unknown>('/v1/tools/copy-tools/recurring', { body: form }));
}

/** GET /v1/tools/job-status?job_ids=: the job (jobs[0]). */
export async function fetchJobStatus(jobId: string, signal?: AbortSignal) {
  const body = jobStatusResponseSchema.parse(
    await api.get<unknown>('/v1/tools/job-status', { query: { job_ids: jobId }, signal }),
  );
  const job = body.jobs[0];
  if (!job) throw new Error('Job not found.');
  return job;
}

export interface MigrationRequest {
  sourceClientId: number | undefined;
  targetClientId: number | undefined;
  sourceDomainId: number;
  targetDomainId: number;
  dripIds: number[];
  name: string;
  time: string;
  dateStart: string;
  dateEnd: string;
  daysOfWeek: string[];
  frequency: string;
  timezone: string;
}

/** POST /v1/tools/recurring-migration: copies on the target and the spam schedule there (success: exactly 200). */
export async function migrateRecurring(r: MigrationRequest) {
  const body = {
    ...(r.sourceClientId !== undefined ? { source_client_id: r.sourceClientId } : {}),
    ...(r.targetClientId !== undefined ? { target_client_id: r.targetClientId } : {}),
    source_domain_id: r.sourceDomainId,
    target_domain_id: r.targetDomainId,
    drip_ids: r.dripIds,
    name: r.name,
    time: r.time,
    date_start: r.dateStart,
    date_end: r.dateEnd,
    days_of_week: r.daysOfWeek.join(' '),
    frequency: r.frequency,
    timezone: r.timezone,
  };
  return api.post<unknown>('/v1/tools/recurring-migration', { body, expectStatus: 200 });
}
