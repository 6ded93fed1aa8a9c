import { MSG, STATS_MSG } from '@pushdeck/contracts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, ValidationError } from '../../lib/errors.ts';
import type { ScopeRepository } from './scope.repository.ts';
import type { StatsScope } from './stats-sql.ts';

export interface ScopeRequest {
  /** Client ids or client_uids the request narrows to (empty = all the actor may see). */
  clients: readonly string[];
  /** Website ids (numeric) or website_ids the request narrows to (empty = all in scope). */
  domains: readonly string[];
  /** The field to name in a 422 when none of `domains` is in scope. */
  domainField: string;
}

/**
 * The effective scope of a statistics request. The actor's client (own, or the one chosen by the `client` header)
 * bounds everything; staff without a chosen client see every client. A named client outside that bound answers
 * 403; named websites outside it are ignored, and if none is left the answer is 422 'Invalid domain website id
 * provided.'.
 */
export async function resolveScope(repo: ScopeRepository, actor: Actor, req: ScopeRequest): Promise<StatsScope> {
  const bound: number[] | null = actor.clientId !== null ? [actor.clientId] : actor.user.isStaff ? null : [];
  let clientIds = bound;
  if (req.clients.length > 0) {
    const found = await repo.clients(req.clients);
    const named = new Set(req.clients);
    const known = new Set(found.flatMap((c) => [String(c.id), c.client_uid]));
    if ([...named].some((r) => !known.has(r))) throw forbidden(MSG.notYourClient);
    if (bound !== null && found.some((c) => !bound.includes(c.id))) throw forbidden(MSG.notYourClient);
    clientIds = [...new Set(found.map((c) => c.id))].sort((a, b) => a - b);
  }
  if (req.domains.length === 0) return { clientIds, domainIds: null };
  const domains = await repo.domains(req.domains, clientIds);
  if (domains.length === 0) throw new ValidationError({ [req.domainField]: [STATS_MSG.invalidDomain] });
  return { clientIds, domainIds: domains.map((d) => d.id) };
}
