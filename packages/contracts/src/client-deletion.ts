import { z } from 'zod';

/**
 * Deleting a client (issue #25; spec part 2 §7: client delete through the store). Destructive and possibly large, so
 * it is a job: `DELETE /v1/management/clients/{id}` with the client's name typed as confirmation switches the client
 * off at once (its users are signed out, its schedules stop, its websites refuse subscribers) and queues the job,
 * which deletes its rows in batches and reports progress on its own row, read by
 * `GET /v1/management/client-deletions/{id}`. `GET /v1/management/clients/{id}/deletion` says what would go.
 */
export const CLIENT_DELETION_MSG = {
  confirmMismatch: "Type the client's name exactly to confirm.",
  copyRunning: 'A copy to or from this client is running: wait for it to finish, then delete the client.',
  beingDeleted: 'This client is being deleted.',
  ownClient: 'Your own account belongs to this client: another administrator must delete it.',
  deletionNotFound: 'Deletion not found.',
  failed: 'The client could not be deleted.',
} as const;

export const CLIENT_DELETION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ClientDeletionStatus = (typeof CLIENT_DELETION_STATUSES)[number];

/** What deleting a client removes, counted when asked (and again when the job starts). */
export const clientDeletionCountsSchema = z.object({
  users: z.number().int(),
  websites: z.number().int(),
  subscribers: z.number().int(),
  drips: z.number().int(),
  audiences: z.number().int(),
  files: z.number().int(),
  /** Messages in the send ledger (each one sent or queued push). */
  messages: z.number().int(),
});
export type ClientDeletionCounts = z.infer<typeof clientDeletionCountsSchema>;

/** One deletion job as its progress call answers it. */
export const clientDeletionSchema = z.object({
  id: z.string(),
  client_id: z.number().int(),
  client_name: z.string(),
  status: z.enum(CLIENT_DELETION_STATUSES),
  /** Rows deleted against the rows counted when the job started (0 of 0 while queued). */
  progress: z.object({ done: z.number(), total: z.number() }),
  counts: clientDeletionCountsSchema,
  reason: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ClientDeletion = z.infer<typeof clientDeletionSchema>;

/** `GET /v1/management/clients/{id}/deletion`: what would go, and why it cannot start now (null when it can). */
export const clientDeletionImpactSchema = z.object({
  client: z.object({ id: z.number().int(), name: z.string(), client_uid: z.string() }),
  counts: clientDeletionCountsSchema,
  blocked_by: z.string().nullable(),
  /** A deletion of this client already queued or running. */
  running: clientDeletionSchema.nullable(),
});
export type ClientDeletionImpact = z.infer<typeof clientDeletionImpactSchema>;

/** `DELETE /v1/management/clients/{id}`: the client's name, typed by whoever deletes it. */
export const deleteClientBodySchema = z.object({
  confirm_name: z.string({ error: CLIENT_DELETION_MSG.confirmMismatch }).max(1024),
});
export type DeleteClientBody = z.infer<typeof deleteClientBodySchema>;

export const clientDeletionParamsSchema = z.object({
  id: z.uuid({ error: CLIENT_DELETION_MSG.deletionNotFound }),
});
