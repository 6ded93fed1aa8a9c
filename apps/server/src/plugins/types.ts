import type { ApiScope, Permission } from '@pushdeck/contracts';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { SessionRow } from '../db/schema.ts';
import type { Actor, UserContext } from '../lib/actor.ts';
import type { ApiKeyContext } from '../modules/api-keys/api-keys.service.ts';

/**
 * What a route declares: a permission (any of a list passes, menu.admin.panel always passes), 'authenticated',
 * 'public', or 'apiKey' (the server API: a Bearer key instead of a session, plugins/api-key.ts).
 */
export type RoutePermission = Permission | readonly Permission[] | 'authenticated' | 'public' | 'apiKey';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** false only for cross-site public endpoints that carry no session (subscriber tracking). */
    csrf?: boolean;
    /** The body is a list of drips: a 422 on one of them names the drip and the field (errors.ts). */
    dripList?: boolean;
    /** With permission 'apiKey': the key's scope the route needs (any one of a list). */
    apiScope?: ApiScope | readonly ApiScope[];
  }
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserContext | null;
    actor: Actor | null;
    /** The calling API key on the server API's routes (permission 'apiKey'), else null. */
    apiKey: ApiKeyContext | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
