import { z } from 'zod';
import { ID_MAX, wrapped } from './api.ts';

/** Features a plan can switch off (issue #18); a feature missing from a plan's object is on. */
export const PLAN_FEATURES = ['data_explorer', 'copy_tools', 'exports', 'extensible'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

const quota = (label: string) =>
  z
    .number({ error: `${label} must be a whole number or empty (unlimited).` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} cannot be negative.`)
    .max(2_000_000_000, `${label} is too large.`)
    .nullable();

export const planBodySchema = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(100, 'The name may have at most 100 characters.'),
  monthly_sends: quota('Monthly sends'),
  active_subscribers: quota('Active subscribers'),
  websites: quota('Websites'),
  features: z.partialRecord(z.enum(PLAN_FEATURES), z.boolean()).default({}),
});
export type PlanBody = z.infer<typeof planBodySchema>;

export const planSchema = planBodySchema.extend({
  id: z.number(),
  created_at: z.coerce.date(),
  updated_at: z.coerce.date(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListResponseSchema = wrapped(z.array(planSchema));
export const planResponseSchema = wrapped(planSchema);

const planId = z
  .number({ error: 'Choose a plan.' })
  .int('Choose a plan.')
  .min(1, 'Choose a plan.')
  .max(ID_MAX, 'Choose a plan.');

export const clientPlanBodySchema = z.object({ plan_id: planId.nullable() });

/** The plan of each client (GET /billing/clients, staff): the Plan column of Clients Management. */
export const clientPlanSchema = z.object({ client_id: z.number(), plan_id: z.number().nullable() });
export type ClientPlan = z.infer<typeof clientPlanSchema>;
export const clientPlanListResponseSchema = wrapped(z.array(clientPlanSchema));

export const planRequestBodySchema = z.object({ plan_id: planId });
export const planDecisionBodySchema = z.object({ decision: z.enum(['approve', 'decline']) });

export const planRequestSchema = z.object({
  id: z.number(),
  client_id: z.number(),
  client_name: z.string(),
  plan_id: z.number(),
  plan_name: z.string(),
  current_plan_name: z.string().nullable(),
  status: z.enum(['pending', 'approved', 'declined']),
  requested_by_email: z.string().nullable(),
  created_at: z.coerce.date(),
  decided_at: z.coerce.date().nullable(),
});
export type PlanRequest = z.infer<typeof planRequestSchema>;
export const planRequestListResponseSchema = wrapped(z.array(planRequestSchema));
export const planRequestResponseSchema = wrapped(planRequestSchema);

/** One quota this month: what is used, the limit (null: unlimited), and the level the banner shows. */
export const quotaUsageSchema = z.object({
  used: z.number(),
  limit: z.number().nullable(),
  percent: z.number().nullable(),
  level: z.enum(['ok', 'near', 'reached']),
});
export type QuotaUsage = z.infer<typeof quotaUsageSchema>;

export const usageSchema = z.object({
  plan: planSchema.nullable(),
  timezone: z.string(),
  month: z.string(),
  sends: quotaUsageSchema,
  active_subscribers: quotaUsageSchema,
  websites: quotaUsageSchema,
  over_quota: z.object({ sends: z.number(), subscribers: z.number() }),
  daily: z.array(z.object({ day: z.string(), sends: z.number(), over_quota: z.number() })),
  months: z.array(
    z.object({ month: z.string(), sends: z.number(), over_quota: z.number(), refused_subscribers: z.number() }),
  ),
  pending_request: planRequestSchema.nullable(),
});
export type Usage = z.infer<typeof usageSchema>;
export const usageResponseSchema = wrapped(usageSchema);

/** The banner level of a quota: near from 80 %, reached at 100 %. */
export function quotaLevel(used: number, limit: number | null): QuotaUsage['level'] {
  if (limit === null) return 'ok';
  if (used >= limit) return 'reached';
  return used >= limit * 0.8 ? 'near' : 'ok';
}

/**
 * One client in the staff's usage overview (GET /billing/overview): its plan and this month's usage against each
 * quota (the month in the client's own zone); `percent` is the highest share of a quota used (null: no quota).
 */
export const clientUsageSchema = z.object({
  client_id: z.number(),
  client_uid: z.string(),
  name: z.string(),
  is_active: z.number(),
  plan_id: z.number().nullable(),
  plan_name: z.string().nullable(),
  timezone: z.string(),
  month: z.string(),
  sends: quotaUsageSchema,
  active_subscribers: quotaUsageSchema,
  websites: quotaUsageSchema,
  percent: z.number().nullable(),
  level: z.enum(['ok', 'near', 'reached']),
});
export type ClientUsage = z.infer<typeof clientUsageSchema>;

/** Every client matching the search, summed (not only the page). */
export const usageTotalsSchema = z.object({
  clients: z.number(),
  sends: z.number(),
  active_subscribers: z.number(),
  websites: z.number(),
});
export type UsageTotals = z.infer<typeof usageTotalsSchema>;

/** A page of the overview as the spec reads paginated lists (`data.data.data`, `data.data.total`), totals in `meta`. */
export const usageOverviewResponseSchema = z.object({
  data: z.object({
    data: z.array(clientUsageSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageLength: z.number().int(),
  }),
  meta: z.object({ totals: usageTotalsSchema }),
});
export type UsageOverview = z.infer<typeof usageOverviewResponseSchema>;
