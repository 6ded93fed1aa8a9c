import { COPY_MSG, chunked, recurringCopyPayload, welcomeCopyPayload } from '@pushdeck/contracts';
import { isApiRequestError } from '@/lib/api';
import {
  audienceExists,
  type CopyDrip,
  type CopySegment,
  createAudience,
  createOrUpdateForCopy,
  fetchWelcomeGroup,
} from '../api/copy-tools-api';

type AudienceLike = { id: number; name: string; query: unknown };

export interface FirstVersionPlan {
  /** The source website and the client it is read as (a moderator's source client). */
  source: { domainId: number; clientUid: string | null };
  targets: number[];
  targetClientUid: string | null;
  recurring: CopyDrip[];
  /** Step 4.2's rows: one per welcome group (its first drip), or an ungrouped drip. */
  welcome: CopyDrip[];
  audiences: CopySegment[];
  /** Url edits made in step 4.1 (drip id → url). */
  urls: ReadonlyMap<number, string>;
}

/** The audiences of a drip's first schedule (the list call gives them with their name and query). */
export function audiencesOf(drip: CopyDrip): AudienceLike[] {
  const schedules = (drip as { schedules?: { audiences?: AudienceLike[] }[] }).schedules ?? [];
  return schedules[0]?.audiences ?? [];
}

/** A copy stopped before anything was written, with the message naming the drip and the field. */
export class CopyRefused extends Error {
  override readonly name = 'CopyRefused';
}

/**
 * Copy Tools (first version), target by target (part 2 §4, §5, §7): every audience needed there (the chosen audience
 * filters and those the chosen drips use) is checked by name, query and target website and created when missing (or
 * when the check answers 501/502); then the recurring drips in createOrUpdate chunks of 500, each with the target's
 * audience ids, and the welcome drips, created inactive. Returns how many of each were sent.
 * A chosen recurring drip without an audience stops the copy before anything is written (its copy could not be a
 * recurring drip: one needs an audience), with the server's text naming the drip and the field.
 */
export async function copyFirstVersion(plan: FirstVersionPlan) {
  const bare = plan.recurring.find((d) => audiencesOf(d).length === 0);
  if (bare) throw new CopyRefused(COPY_MSG.noAudience(bare));
  let recurring = 0;
  let welcome = 0;
  const welcomeDrips = await wholeGroups(plan);
  for (const target of plan.targets) {
    const map = new Map<number, number>();
    const ensure = async (a: AudienceLike) => {
      if (map.has(a.id)) return;
      const body = { name: a.name, query: a.query, domain_id: target };
      let found: number | undefined;
      try {
        const check = await audienceExists(body, plan.targetClientUid);
        if (check.exists) found = check.id;
      } catch (error) {
        if (!(isApiRequestError(error) && [501, 502].includes(error.status))) throw error;
      }
      map.set(a.id, found ?? (await createAudience(body, plan.targetClientUid)).id);
    };
    for (const a of plan.audiences) await ensure(a);
    for (const d of plan.recurring) for (const a of audiencesOf(d)) await ensure(a);
    const recurringPayloads = plan.recurring.map((d) => {
      const url = d.id !== undefined ? plan.urls.get(d.id) : undefined;
      const payload = recurringCopyPayload(
        d,
        target,
        audiencesOf(d).map((a) => map.get(a.id)!),
      );
      return url !== undefined ? { ...payload, url } : payload;
    });
    for (const chunk of chunked(recurringPayloads)) {
      await createOrUpdateForCopy('recurring', chunk, plan.targetClientUid);
      recurring += chunk.length;
    }
    const welcomePayloads = welcomeDrips.map((d) => welcomeCopyPayload(d, target));
    for (const chunk of chunked(welcomePayloads)) {
      await createOrUpdateForCopy('welcome', chunk, plan.targetClientUid);
      welcome += chunk.length;
    }
  }
  return { recurring, welcome };
}

/** Step 4.2 lists a welcome group by its first drip: a chosen group is copied whole (fetched by website and group). */
async function wholeGroups(plan: FirstVersionPlan): Promise<CopyDrip[]> {
  const out: CopyDrip[] = [];
  for (const row of plan.welcome) {
    if (row.group_id === null || row.group_id === undefined) out.push(row);
    else out.push(...(await fetchWelcomeGroup(plan.source.domainId, row.group_id, plan.source.clientUid)));
  }
  return out;
}
