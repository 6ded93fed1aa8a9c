import type { Permission } from '@pushdeck/contracts';
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

/** What a route declares: a permission (any of a list passes, menu.admin.panel always passes), 'authenticated' or 'public'. */
export type RoutePermission = Permission | readonly Permission[] | 'authenticated' | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** false only for cross-site public endpoints that carry no session (subscriber tracking). */
    csrf?: boolean;
    /** The body is a list of drips: a 422 on one of them names the drip and the field (errors.ts). */
    dripList?: boolean;
  }
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserContext | null;
    actor: Actor | null;
  }
}

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;
