import type { WebhookCreate, WebhookUpdate } from '@pushdeck/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  fetchAttempts,
  fetchWebhooks,
  rollWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from './webhooks-api';

const KEY = ['webhooks'] as const;

export function useWebhooks(domainId: number) {
  return useQuery({
    queryKey: [...KEY, 'website', domainId],
    queryFn: ({ signal }) => fetchWebhooks(domainId, signal),
  });
}

/** A webhook's last attempts, asked for while its list is open. */
export function useWebhookAttempts(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...KEY, 'attempts', id],
    queryFn: ({ signal }) => fetchAttempts(id, signal),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useCreateWebhook(domainId: number) {
  return useMutation({
    mutationFn: (body: WebhookCreate) => createWebhook(domainId, body),
    onSuccess: useInvalidate(),
  });
}
export function useUpdateWebhook() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: WebhookUpdate }) => updateWebhook(id, body),
    onSuccess: useInvalidate(),
  });
}
export function useDeleteWebhook() {
  return useMutation({ mutationFn: deleteWebhook, onSuccess: useInvalidate() });
}
export function useRollSecret() {
  return useMutation({ mutationFn: rollWebhookSecret, onSuccess: useInvalidate() });
}
export function useSendTestEvent() {
  return useMutation({ mutationFn: sendTestEvent, onSuccess: useInvalidate() });
}
