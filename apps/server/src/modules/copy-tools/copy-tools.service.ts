import { randomUUID } from 'node:crypto';
import {
  CLIENT_DELETION_MSG,
  COPY_MSG,
  type CopyJob,
  type CopyRecurringBody,
  type CopyTargetResult,
  cleanCopyCustomization,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import { ClientDeletionRepository } from '../management/client-deletion.repository.ts';
import { AUDIENCE_LOCK } from '../segments/segments.repository.ts';
import { sameStoredAudience } from '../segments/segments-match.ts';
import { type CopyItem, CopyRepository, type SourceDrip } from './copy.repository.ts';
import { type CopyJobParams, type CopyJobResult, CopyJobsRepository, jobView } from './copy-jobs.repository.ts';

export type Site = { id: number; client_id: number };
/** Points a job's run may be held at (none in production). */
export interface CopyRunHooks {
  /**
   * Awaited before the job turns to each target website not yet done (tests hold a job between targets with it, or
   * act as if the process stopped there).
   */
  beforeTarget?(targetId: number): Promise<void>;
}
/** Enqueues the job in the transaction that created its row (so both commit together). */
export type EnqueueCopy = (trx: Kysely<DB>, copyJobId: string) => Promise<unknown>;

/** What one target website got (or, when `items` is given, the copies' ids in the order of `items`). */
export interface TargetCopy {
  result: CopyTargetResult;
  dripIds: number[];
  /** Each copied drip's audiences on the target (the target's own ids), in the order of the sources. */
  audiences: number[][];
}

/**
 * Copy Tools 2.0 (a job, all or nothing per target website) and the copying Recurring Migration shares with it.
 * Source and targets are checked against the actor before anything is written: a client names only its own client
 * and websites (else 404); staff name any client, and each website must belong to the client named for it.
 */
export class CopyToolsService {
  private readonly repo: CopyRepository;
  private readonly jobs: CopyJobsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly hooks: CopyRunHooks = {},
  ) {
    this.repo = new CopyRepository(db);
    this.jobs = new CopyJobsRepository(db);
  }

  /** The clients the actor may copy from and to (a client's user: only their own). */
  async clients(actor: Actor, source: number | undefined, target: number | undefined) {
    const own = actor.clientId;
    const src = source ?? own;
    const tgt = target ?? own;
    if (src === null || tgt === null) throw new ValidationError({ source_client_id: [COPY_MSG.selectClient] });
    if (!actor.user.isStaff) {
      if (src !== own || tgt !== own) throw notFound(COPY_MSG.clientNotFound);
    } else {
      for (const id of new Set([src, tgt]))
        if (!(await this.repo.clientExists(id))) throw notFound(COPY_MSG.clientNotFound);
    }
    const deleting = await new ClientDeletionRepository(this.db).beingDeleted([src, tgt]);
    if (deleting.size > 0) throw new HttpError(409, CLIENT_DELETION_MSG.beingDeleted);
    return { source: src, target: tgt };
  }

  /** The source website and the targets, each of the client named for it (else 404 'Website not found.'). */
  async websites(
    clients: { source: number; target: number },
    sourceId: number,
    targetIds: readonly number[],
    opts: { sameAllowed?: boolean } = {},
  ) {
    const [source] = await this.repo.websitesOf(clients.source, [sourceId]);
    if (!source) throw notFound(COPY_MSG.websiteNotFound);
    if (!opts.sameAllowed && targetIds.includes(sourceId))
      throw new ValidationError({ target_domain_ids: [COPY_MSG.sameWebsite] });
    const targets = await this.repo.websitesOf(clients.target, targetIds);
    if (targets.length !== new Set(targetIds).size) throw notFound(COPY_MSG.websiteNotFound);
    const byId = new Map(targets.map((t) => [t.id, t]));
    return { source, targets: targetIds.map((id) => byId.get(id)!) };
  }

  /**
   * Live recurring drips of the source among `ids` (all of them for `*`); any other id: 422. A drip without an
   * audience: 422 naming the drip and the field (its copy could not be a valid recurring drip), nothing written.
   */
  async dripIds(sourceId: number, ids: '*' | number[]): Promise<number[]> {
    let out: number[];
    if (ids === '*') {
      const all = await this.repo.recurringIds(sourceId);
      if (all.length === 0) throw new ValidationError({ drip_ids: [COPY_MSG.emptyDrips] });
      out = all.reverse();
    } else {
      const found = new Set(await this.repo.recurringIds(sourceId, ids));
      if (ids.some((id) => !found.has(id))) throw new ValidationError({ drip_ids: [COPY_MSG.dripsNotFound] });
      out = ids;
    }
    const bare = await this.repo.withoutAudience(out);
    if (bare.length > 0) throw new ValidationError({ drip_ids: bare.slice(0, 10).map((d) => COPY_MSG.noAudience(d)) });
    return out;
  }

  /** `POST /v1/tools/copy-tools/recurring`: checks everything, records the job and enqueues it (one transaction). */
  async start(
    actor: Actor,
    body: CopyRecurringBody,
    enqueue: EnqueueCopy,
  ): Promise<{ job_id: string; status: 'queued' }> {
    const clients = await this.clients(actor, body.source_client_id, body.target_client_id);
    const { source, targets } = await this.websites(clients, body.source_domain_id, body.target_domain_ids);
    const dripIds = await this.dripIds(source.id, body.drip_ids);
    const params: CopyJobParams = {
      source_domain_id: source.id,
      target_domain_ids: targets.map((t) => t.id),
      drip_ids: dripIds,
      with_recurring_groups: body.with_recurring_groups,
      allow_duplicates: body.allow_duplicates,
    };
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await new CopyJobsRepository(trx).insert({
        id,
        kind: 'recurring',
        user_id: actor.user.id,
        client_id: actor.user.isStaff ? null : actor.clientId,
        source_client_id: clients.source,
        target_client_id: clients.target,
        params: JSON.stringify(params),
        progress_total: dripIds.length * targets.length,
      });
      await enqueue(trx, id);
    });
    return { job_id: id, status: 'queued' };
  }

  /** `GET /v1/tools/job-status`: the jobs in the order asked; one the actor may not see (or unknown): 404. */
  async status(actor: Actor, ids: readonly string[]): Promise<CopyJob[]> {
    const rows = await this.jobs.visible(actor, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    if (ids.some((id) => !byId.has(id))) throw notFound(COPY_MSG.jobNotFound);
    return ids.map((id) => jobView(byId.get(id)!));
  }

  /**
   * Runs a job (the worker): target by target, each in its own transaction, so a failing target is left as it was
   * and the others still get their copies. Targets finished by an earlier attempt are skipped on a retry.
   */
  async run(copyJobId: string): Promise<void> {
    const job = await this.jobs.find(copyJobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    await this.jobs.start(job.id);
    const params = job.params as CopyJobParams;
    const result: CopyJobResult = { targets: [], failed: [], ...((job.result as CopyJobResult | null) ?? {}) };
    const done = new Set(result.targets.map((t) => t.domain_id));
    try {
      const sources = await this.repo.sources(params.drip_ids);
      for (const targetId of params.target_domain_ids) {
        if (done.has(targetId)) continue;
        await this.hooks.beforeTarget?.(targetId);
        try {
          const [site] = await this.repo.websitesOf(job.target_client_id, [targetId]);
          if (!site) throw new HttpError(404, COPY_MSG.targetGone(targetId));
          const copy = await this.db.transaction().execute((trx) => copyToTarget(trx, site, sources, params));
          result.targets.push({ ...copy.result, url: site.url });
        } catch (error) {
          result.failed.push({ domain_id: targetId, reason: reasonOf(error) });
        }
        await this.jobs.progress(job.id, (result.targets.length + result.failed.length) * sources.length, result);
      }
    } catch (error) {
      await this.jobs.finish(job.id, 'failed', reasonOf(error), result);
      return;
    }
    const failed = result.failed.map((f) => `Website ${f.domain_id}: ${f.reason}`).join(' ');
    await this.jobs.finish(job.id, failed ? 'failed' : 'completed', failed || null, result);
  }
}

/** Same audience definition: equal canonical signatures, or (a query the builder no longer reads) equal JSON. */
function sameQuery(a: unknown, b: unknown): boolean {
  return sameStoredAudience(a, b) || stable(a) === stable(b);
}

function stable(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  if (v && typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${stable(x)}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Copies the sources onto one website inside `trx`: drips already copied there are reported, not copied again
 * (unless duplicates are asked for); each copied drip uses the target's audience of the same name, type and query
 * (made when missing) and, with groups, a group of the target made for its source group.
 */
export async function copyToTarget(
  trx: Kysely<DB>,
  site: Site & { url?: string },
  sources: readonly SourceDrip[],
  params: Pick<CopyJobParams, 'with_recurring_groups' | 'allow_duplicates'>,
  opts: { scheduleActive?: 0 | 1 } = {},
): Promise<TargetCopy> {
  const repo = new CopyRepository(trx);
  await repo.lockWebsite(AUDIENCE_LOCK, site.id);
  const existing = params.allow_duplicates
    ? new Map<number, number>()
    : await repo.existingCopies(
        site.id,
        sources.map((s) => s.drip.id),
      );
  const todo = sources.filter((s) => !existing.has(s.drip.id));
  const audiences = await mapAudiences(repo, site, todo);
  const groups = params.with_recurring_groups ? await mapGroups(repo, site, todo) : { map: new Map(), created: 0 };
  const items: CopyItem[] = todo.map((source) => ({
    source,
    groupId: source.drip.group_id === null ? null : (groups.map.get(source.drip.group_id) ?? null),
    audiences: [...new Set(source.audiences.map((a) => audiences.map.get(a)!))],
    ...(opts.scheduleActive !== undefined ? { scheduleActive: opts.scheduleActive } : {}),
  }));
  const dripIds = await repo.writeCopies(site, items, cleanCopyCustomization);
  await repo.recountGroups([...groups.map.values()]);
  return {
    result: {
      domain_id: site.id,
      created: dripIds.length,
      existing: existing.size,
      audiences_created: audiences.created,
      groups_created: groups.created,
    },
    dripIds,
    audiences: items.map((i) => i.audiences),
  };
}

/** Source audience id → the target's audience of the same name, type and query (made where missing). */
async function mapAudiences(repo: CopyRepository, site: Site, sources: readonly SourceDrip[]) {
  const ids = [...new Set(sources.flatMap((s) => s.audiences))];
  const wanted = await repo.segments(ids);
  const theirs = await repo.segmentsNamed(site.id, [...new Set(wanted.map((w) => w.name))]);
  const map = new Map<number, number>();
  let created = 0;
  for (const a of wanted) {
    const same = theirs.find((t) => t.name === a.name && t.type === a.type && sameQuery(t.query, a.query));
    if (same) {
      map.set(a.id, same.id);
      continue;
    }
    const id = await repo.insertSegment(site, a);
    theirs.push({ ...a, id });
    map.set(a.id, id);
    created++;
  }
  return { map, created };
}

/**
 * Source group id → a group on the target: the one earlier copies of that group's drips went to, else a new one
 * (same name and status), so the copied drips keep their grouping.
 */
async function mapGroups(repo: CopyRepository, site: Site, sources: readonly SourceDrip[]) {
  const sourceGroups = await repo.groups([
    ...new Set(sources.map((s) => s.drip.group_id).filter((g): g is number => g !== null)),
  ]);
  const map = new Map<number, number>();
  let created = 0;
  for (const g of sourceGroups) {
    const members = sources.filter((s) => s.drip.group_id === g.id).map((s) => s.drip.id);
    const previous = await repo.existingCopies(site.id, await groupMates(repo, g.id, members));
    const reuse = (await repo.groupsOf([...previous.values()])).values().next().value;
    const [live] = reuse === undefined ? [] : await repo.groups([reuse]);
    if (live && live.domain_id === site.id) {
      map.set(g.id, live.id);
      continue;
    }
    map.set(g.id, await repo.insertGroup(site, g.name, g.is_active === 0 ? 0 : 1));
    created++;
  }
  return { map, created };
}

/** Every drip of a source group (earlier copies of any of them show where the group went). */
async function groupMates(repo: CopyRepository, groupId: number, known: number[]): Promise<number[]> {
  const rows = await repo.dripsOfGroup(groupId);
  return [...new Set([...known, ...rows])];
}
