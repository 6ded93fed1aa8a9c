import { clientPlanListResponseSchema, planListResponseSchema } from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * The Plan column's calls (issue #18): the billing API through its contracts (docs/api.md "Billing"). The keys start
 * with 'billing' so the Upgrade screen's changes refresh them too.
 */
const PLANS_KEY = ['billing', 'plans'] as const;
const CLIENT_PLANS_KEY = ['billing', 'client-plans'] as const;

export const usePlanOptions = () =>
  useQuery({
    queryKey: PLANS_KEY,
    queryFn: async ({ signal }) =>
      planListResponseSchema.parse(await api.get<unknown>('/v1/billing/plans', { signal })).data,
  });

/** client id → plan id (null: unlimited). */
export const useClientPlans = () =>
  useQuery({
    queryKey: CLIENT_PLANS_KEY,
    queryFn: async ({ signal }) => {
      const rows = clientPlanListResponseSchema.parse(await api.get<unknown>('/v1/billing/clients', { signal })).data;
      return new Map(rows.map((r) => [r.client_id, r.plan_id]));
    },
  });

/** PUT /v1/billing/clients/{id}/plan: the client's plan from the next request on (recorded in the audit trail). */
export function useAssignPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { clientId: number; planId: number | null }) =>
      api.put<unknown>(`/v1/billing/clients/${input.clientId}/plan`, { body: { plan_id: input.planId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}
