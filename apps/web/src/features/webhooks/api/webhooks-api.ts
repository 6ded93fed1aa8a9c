import {
  type Webhook,
  type WebhookAttempt,
  type WebhookCreate,
  type WebhookUpdate,
  type WebhookWithSecret,
  webhookAttemptSchema,
  webhookSchema,
  webhookWithSecretSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

const list = wrapped(z.array(webhookSchema));
const withSecret = wrapped(webhookWithSecretSchema);

/** GET /v1/domains/:id/webhooks: the website's webhooks, each with its last attempt. */
export async function fetchWebhooks(domainId: number, signal?: AbortSignal): Promise<Webhook[]> {
  return list.parse(await api.get<unknown>(`/v1/domains/${domainId}/webhooks`, { signal })).data;
}

/** The answer holds the secret: the only time (with rollSecret) it is shown. */
export async function createWebhook(domainId: number, body: WebhookCreate): Promise<WebhookWithSecret> {
  return withSecret.parse(await api.post<unknown>(`/v1/domains/${domainId}/webhooks`, { body })).data;
}

export async function updateWebhook(id: number, body: WebhookUpdate): Promise<Webhook> {
  return wrapped(webhookSchema).parse(await api.put<unknown>(`/v1/webhooks/${id}`, { body })).data;
}

export async function deleteWebhook(id: number): Promise<void> {
  await api.delete<unknown>(`/v1/webhooks/${id}`);
}

export async function rollWebhookSecret(id: number): Promise<WebhookWithSecret> {
  return withSecret.parse(await api.post<unknown>(`/v1/webhooks/${id}/roll-secret`)).data;
}

/** Posts a test event now; the answer is its attempt (ok or not). */
export async function sendTestEvent(id: number): Promise<WebhookAttempt> {
  return wrapped(webhookAttemptSchema).parse(await api.post<unknown>(`/v1/webhooks/${id}/test`)).data;
}

export async function fetchAttempts(id: number, signal?: AbortSignal): Promise<WebhookAttempt[]> {
  return wrapped(z.array(webhookAttemptSchema)).parse(await api.get<unknown>(`/v1/webhooks/${id}/attempts`, { signal }))
    .data;
}
