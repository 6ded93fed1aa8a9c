import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelectedClientUid } from '@/lib/api';
import {
  createTrigger,
  deleteTrigger,
  fetchTrigger,
  fetchTriggerPage,
  fetchWebsite,
  setTriggerActive,
  type Trigger,
  type TriggerListQuery,
  updateTrigger,
} from './triggers-api';

/** Query keys of the triggers screens; every one starts with 'triggers' so one invalidation refreshes them all. */
export const triggerKeys = {
  root: ['triggers'] as const,
  list: (query: TriggerListQuery & { client: string | null }) => ['triggers', 'list', query] as const,
  detail: (domainId: number, id: number) => ['triggers', 'detail', domainId, id] as const,
  website: (domainId: number) => ['triggers', 'website', domainId] as const,
};

/**
 * A page of the website's triggers. The list is dropped as soon as the screen is left (gcTime 0: the spec clears
 * it when the route changes), and while a new page of the same website loads the old one stays on screen.
 */
export function useTriggerPage(query: TriggerListQuery) {
  const [client] = useSelectedClientUid();
  return useQuery({
    queryKey: triggerKeys.list({ ...query, client }),
    queryFn: ({ signal }) => fetchTriggerPage(query, signal),
    gcTime: 0,
    placeholderData: (previous, previousQuery) =>
      (previousQuery?.queryKey[2] as TriggerListQuery | undefined)?.domainId === query.domainId ? previous : undefined,
  });
}

export function useTrigger(domainId: number | undefined, id: number | undefined) {
  return useQuery({
    queryKey: triggerKeys.detail(domainId ?? 0, id ?? 0),
    queryFn: ({ signal }) => fetchTrigger(domainId ?? 0, id ?? 0, signal),
    enabled: domainId !== undefined && id !== undefined,
    gcTime: 0,
  });
}

/** The website of the route, for the preview's address line. */
export function useWebsite(domainId: number | undefined) {
  return useQuery({
    queryKey: triggerKeys.website(domainId ?? 0),
    queryFn: ({ signal }) => fetchWebsite(domainId ?? 0, signal),
    enabled: domainId !== undefined,
  });
}

function useInvalidateTriggers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: triggerKeys.root });
}

export function useCreateTrigger() {
  const invalidate = useInvalidateTriggers();
  return useMutation({ mutationFn: createTrigger, onSuccess: invalidate });
}

export function useUpdateTrigger() {
  const invalidate = useInvalidateTriggers();
  return useMutation({
    mutationFn: ({ id, payload }: { id: number; payload: Record<string, unknown> }) => updateTrigger(id, payload),
    onSuccess: invalidate,
  });
}

export function useSetTriggerActive() {
  const invalidate = useInvalidateTriggers();
  return useMutation({
    mutationFn: ({ trigger, active }: { trigger: Trigger; active: boolean }) => setTriggerActive(trigger, active),
    onSettled: invalidate,
  });
}

export function useDeleteTrigger() {
  const invalidate = useInvalidateTriggers();
  return useMutation({ mutationFn: deleteTrigger, onSuccess: invalidate });
}
