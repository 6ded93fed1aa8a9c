import { CLIENT_HEADER } from '@pushdeck/contracts';

/**
 * An explicit empty `client` header: the api client then adds no picked client, and the server keeps staff on
 * every client. Used where a moderator filters by clients in the request itself (Data Explorer, Server
 * Performance, the Performance report), so a client picked on the dashboard does not narrow those filters.
 */
export const CLIENT_HEADER_ALL: Record<string, string> = { [CLIENT_HEADER]: '' };
