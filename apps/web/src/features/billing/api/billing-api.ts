import {
  clientSummarySchema,
  type PlanBody,
  planListResponseSchema,
  planRequestListResponseSchema,
  planRequestResponseSchema,
  planResponseSchema,
  usageOverviewResponseSchema,
  usageResponseSchema,
  wrapped,
} from '@pushdeck/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, useSelectedClientUid } from '@/lib/api';

/** The calls of Billing and Upgrade (issue #18; docs/api.md "Billing"). */
const BASE = '/v1/billing';

export const fetchUsage = async (signal?: AbortSignal) =>
  usageResponseSchema.parse(await api.get<unknown>(`${BASE}/usage`, { signal })).data;
export const fetchPlans = async (signal?: AbortSignal) =>
  planListResponseSchema.parse(await api.get<unknown>(`${BASE}/plans`, { signal })).data;
export const fetchRequests = async (status: string | undefined, signal?: AbortSignal) =>
  planRequestListResponseSchema.parse(
    await api.get<unknown>(`${BASE}/requests`, { signal, ...(status ? { query: { status } } : {}) }),
  ).data;

/** The link of the usage CSV (the browser downloads it with the session cookie). */
export const USAGE_EXPORT_URL = `/api${BASE}/usage/export`;

/** The usage of the signed-in user's client, or of the client a staff member picked (its uid is in the key). */
export function useUsage(enabled = true) {
  const [client] = useSelectedClientUid();
  return useQuery({ queryKey: ['billing', 'usage', client], queryFn: ({ signal }) => fetchUsage(signal), enabled });
}

export interface OverviewQuery {
  page: number;
  pageLength: number;
  orderBy: string;
  search: string;
}

/** Staff: one page of every client's usage, with the totals (GET /billing/overview). */
export const fetchOverview = async (q: OverviewQuery, signal?: AbortSignal) =>
  usageOverviewResponseSchema.parse(
    await api.get<unknown>(`${BASE}/overview`, {
      signal,
      query: {
        page: String(q.page),
        pageLength: String(q.pageLength),
        order_by: q.orderBy,
        ...(q.search ? { search: q.search } : {}),
      },
    }),
  );

export const useUsageOverview = (q: OverviewQuery) =>
  useQuery({
    queryKey: ['billing', 'overview', q],
    queryFn: ({ signal }) => fetchOverview(q, signal),
    placeholderData: keepPreviousData,
  });
export const usePlans = () => useQuery({ queryKey: ['billing', 'plans'], queryFn: ({ signal }) => fetchPlans(signal) });
export const useRequests = (status?: string) =>
  useQuery({ queryKey: ['billing', 'requests', status], queryFn: ({ signal }) => fetchRequests(status, signal) });

export function useRequestPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (planId: number) =>
      planRequestResponseSchema.parse(await api.post<unknown>(`${BASE}/requests`, { body: { plan_id: planId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; decision: 'approve' | 'decline' }) =>
      planRequestResponseSchema.parse(
        await api.post<unknown>(`${BASE}/requests/${input.id}/decision`, { body: { decision: input.decision } }),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing'] }),
  });
}

const clientsSchema = wrapped(z.array(clientSummarySchema));
export const useAllClients = () =>
  useQuery({
    queryKey: ['billing', 'clients'],
    queryFn: async ({ signal }) =>
      clientsSchema.parse(await api.get<unknown>('/v1/management/clients', { signal })).data,
  });

export function usePlanAdmin() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['billing'] });
  return {
    create: useMutation({
      mutationFn: async (body: PlanBody) =>
        planResponseSchema.parse(await api.post<unknown>(`${BASE}/plans`, { body })).data,
      onSuccess,
    }),
    update: useMutation({
      mutationFn: async (input: { id: number; body: PlanBody }) =>
        planResponseSchema.parse(await api.put<unknown>(`${BASE}/plans/${input.id}`, { body: input.body })).data,
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: async (id: number) => api.delete<unknown>(`${BASE}/plans/${id}`),
      onSuccess,
    }),
    assign: useMutation({
      mutationFn: async (input: { clientId: number; planId: number | null }) =>
        api.put<unknown>(`${BASE}/clients/${input.clientId}/plan`, { body: { plan_id: input.planId } }),
      onSuccess,
    }),
  };
}
