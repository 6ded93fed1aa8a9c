import {
  type ClientPlan,
  type Plan,
  type PlanBody,
  type PlanFeature,
  type PlanRequest,
  type QuotaUsage,
  quotaLevel,
  type Usage,
  type UsageOverview,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, notFound, ValidationError } from '../../lib/errors.ts';
import { parseListQuery } from '../../lib/query/index.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { BillingRepository } from './billing.repository.ts';
import { QuotaRepository } from './quota.repository.ts';
import { QUOTA_MSG } from './quota-messages.ts';
import { USAGE_OVERVIEW_SPEC, UsageOverviewRepository, type UsageOverviewRow } from './usage-overview.repository.ts';

/** PostgreSQL's unique_violation (23505), from node-postgres or PGlite alike. */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

export const BILLING_MSG = {
  planNotFound: 'Plan not found.',
  nameTaken: 'A plan with this name already exists.',
  requestNotFound: 'Request not found.',
  alreadyDecided: 'This request has already been decided.',
  pendingExists: 'A request is already waiting for an answer.',
  samePlan: 'Your client is already on this plan.',
  selectClient: 'Select a client first.',
} as const;

const usageOf = (used: number, limit: number | null): QuotaUsage => ({
  used,
  limit,
  percent: limit === null ? null : limit === 0 ? 100 : Math.round((used / limit) * 1000) / 10,
  level: quotaLevel(used, limit),
});

/** An overview row as the contracts read it: each quota used / limit / percent / level, and the highest share. */
const asClientUsage = (r: UsageOverviewRow) => {
  const percent = r.percent === null ? null : Number(r.percent);
  return {
    client_id: r.client_id,
    client_uid: r.client_uid,
    name: r.name,
    is_active: r.is_active,
    plan_id: r.plan_id,
    plan_name: r.plan_name,
    timezone: r.timezone,
    month: r.month,
    sends: usageOf(Number(r.sends), r.sends_limit),
    active_subscribers: usageOf(Number(r.active_subscribers), r.subscribers_limit),
    websites: usageOf(Number(r.websites), r.websites_limit),
    percent,
    level: quotaLevel(percent ?? 0, percent === null ? null : 100),
  };
};

const asPlan = (p: Awaited<ReturnType<BillingRepository['plans']>>[number]): Plan => ({
  ...p,
  features: p.features ?? {},
});

/** Plans, the plan of each client, change requests and usage (issue #18; docs/billing.md). */
export class BillingService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
  ) {}

  async plans(): Promise<Plan[]> {
    return (await new BillingRepository(this.db).plans()).map(asPlan);
  }

  async createPlan(origin: AuditOrigin, body: PlanBody): Promise<Plan> {
    return this.uniqueName(() =>
      this.db.transaction().execute(async (trx) => {
        const plan = await new BillingRepository(trx).insertPlan(body);
        await this.audit.record(trx, origin, {
          action: 'plan.create',
          subjectType: 'plan',
          subjectId: plan.id,
          after: plan,
        });
        return asPlan(plan);
      }),
    );
  }

  async updatePlan(origin: AuditOrigin, id: number, body: PlanBody): Promise<Plan> {
    return this.uniqueName(() =>
      this.db.transaction().execute(async (trx) => {
        const repo = new BillingRepository(trx);
        const before = await repo.plan(id);
        if (!before) throw notFound(BILLING_MSG.planNotFound);
        const plan = (await repo.updatePlan(id, body))!;
        await this.audit.record(trx, origin, {
          action: 'plan.update',
          subjectType: 'plan',
          subjectId: id,
          before,
          after: plan,
        });
        return asPlan(plan);
      }),
    );
  }

  /** Removes a plan; its clients become unlimited (no plan). */
  async deletePlan(origin: AuditOrigin, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new BillingRepository(trx);
      const before = await repo.plan(id);
      if (!before) throw notFound(BILLING_MSG.planNotFound);
      await repo.deletePlan(id);
      await this.audit.record(trx, origin, { action: 'plan.delete', subjectType: 'plan', subjectId: id, before });
    });
  }

  /** The plan of every client (staff: the Plan column of Clients Management). */
  async clientPlans(): Promise<ClientPlan[]> {
    return new BillingRepository(this.db).clientPlans();
  }

  /** Puts a client on a plan (null: unlimited); effective from the next request. */
  async assign(origin: AuditOrigin, clientId: number, planId: number | null): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await this.applyPlan(trx, origin, clientId, planId);
    });
  }

  private async applyPlan(trx: Kysely<DB>, origin: AuditOrigin, clientId: number, planId: number | null) {
    const repo = new BillingRepository(trx);
    const client = await repo.client(clientId);
    if (!client) throw notFound('Client not found.');
    if (planId !== null && !(await repo.plan(planId)))
      throw new ValidationError({ plan_id: [BILLING_MSG.planNotFound] });
    await repo.setClientPlan(clientId, planId);
    await this.audit.record(trx, origin, {
      action: 'client.plan',
      subjectType: 'client',
      subjectId: clientId,
      clientId,
      before: { plan_id: client.plan_id },
      after: { plan_id: planId },
    });
  }

  /** The actor's client: its plan, this month's usage against each quota, the daily chart and 12 months. */
  async usage(actor: Actor): Promise<Usage> {
    const clientId = this.clientOf(actor);
    const quotas = new QuotaRepository(this.db);
    const repo = new BillingRepository(this.db);
    const q = await quotas.quotaOf(clientId);
    const [sends, subscribers, websites, daily, months, month, pending] = await Promise.all([
      quotas.sendsThisMonth(clientId, q.timezone),
      quotas.activeSubscribers(clientId),
      quotas.liveWebsites(clientId),
      repo.daily(clientId, q.timezone),
      repo.months(clientId, q.timezone),
      repo.currentMonth(q.timezone),
      repo.requests({ clientId, status: 'pending' }),
    ]);
    const plan = q.planId === null ? null : ((await repo.plan(q.planId)) ?? null);
    const thisMonth = months.find((m) => m.month === month);
    return {
      plan: plan ? asPlan(plan) : null,
      timezone: q.timezone,
      month,
      sends: usageOf(sends, q.monthly_sends),
      active_subscribers: usageOf(subscribers, q.active_subscribers),
      websites: usageOf(websites, q.websites),
      over_quota: { sends: thisMonth?.over_quota ?? 0, subscribers: thisMonth?.refused_subscribers ?? 0 },
      daily,
      months,
      pending_request: (pending[0] as PlanRequest | undefined) ?? null,
    };
  }

  /**
   * Staff: every client's plan and this month's usage (the figures of its Billing), a page at a time with the
   * totals of every client matching the search (docs/billing.md "Staff").
   */
  async overview(rawQuery: Record<string, unknown>): Promise<UsageOverview> {
    const parsed = parseListQuery({ paginate: 'true', ...rawQuery }, USAGE_OVERVIEW_SPEC);
    const repo = new UsageOverviewRepository(this.db);
    const [page, totals] = await Promise.all([repo.page(parsed), repo.totals(parsed.search)]);
    if (page.kind !== 'page') throw new Error('the usage overview is always paged');
    const { rows, total, page: n, pageLength } = page;
    return { data: { data: rows.map(asClientUsage), total, page: n, pageLength }, meta: { totals } };
  }

  /** A client asks to move to another plan; one request waits at a time. */
  async requestChange(actor: Actor, planId: number): Promise<PlanRequest> {
    const clientId = this.clientOf(actor);
    const repo = new BillingRepository(this.db);
    if (!(await repo.plan(planId))) throw new ValidationError({ plan_id: [BILLING_MSG.planNotFound] });
    if ((await repo.client(clientId))?.plan_id === planId)
      throw new ValidationError({ plan_id: [BILLING_MSG.samePlan] });
    try {
      const { id } = await repo.insertRequest(clientId, planId, actor.user.id);
      return (await repo.request(id)) as PlanRequest;
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, BILLING_MSG.pendingExists);
      throw error;
    }
  }

  /** Staff see every client's requests (pending first by default); a client sees its own. */
  async requests(actor: Actor, status?: string): Promise<PlanRequest[]> {
    const filter = actor.user.isStaff ? { status } : { clientId: this.clientOf(actor), status };
    return (await new BillingRepository(this.db).requests(filter)) as PlanRequest[];
  }

  /** Approves (the plan applies at once) or declines a pending request; both are recorded in the audit trail. */
  async decide(origin: AuditOrigin, id: number, decision: 'approve' | 'decline'): Promise<PlanRequest> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new BillingRepository(trx);
      const request = await repo.lockRequest(id);
      if (!request) throw notFound(BILLING_MSG.requestNotFound);
      if (request.status !== 'pending') throw new HttpError(409, BILLING_MSG.alreadyDecided);
      const status = decision === 'approve' ? 'approved' : 'declined';
      await repo.decideRequest(id, status, origin.actor.user.id);
      if (status === 'approved') await this.applyPlan(trx, origin, request.client_id, request.plan_id);
      await this.audit.record(trx, origin, {
        action: 'plan_request.decide',
        subjectType: 'plan_request',
        subjectId: id,
        clientId: request.client_id,
        after: { status, plan_id: request.plan_id },
      });
    });
    return (await new BillingRepository(this.db).request(id)) as PlanRequest;
  }

  /** 403 when the actor's client is on a plan without this feature (staff across all clients pass). */
  async assertFeature(actor: Actor, feature: PlanFeature): Promise<void> {
    if (actor.clientId === null) return;
    const q = await new QuotaRepository(this.db).quotaOf(actor.clientId);
    if (q.features[feature] === false) throw new HttpError(403, QUOTA_MSG.feature);
  }

  private clientOf(actor: Actor): number {
    if (actor.clientId === null) throw new ValidationError({ client: [BILLING_MSG.selectClient] });
    return actor.clientId;
  }

  private async uniqueName<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ValidationError({ name: [BILLING_MSG.nameTaken] });
      throw error;
    }
  }
}
