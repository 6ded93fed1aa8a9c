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

/** What a route declares: a permission (any of a list passes, menu.admin.panel always passes), 'authenticated' or 'public'. */
export type RoutePermission = Permission | readonly Permission[] | 'authenticated' | 'public';

/** The signed-in user with effective permissions (first role's ∪ direct). */
export interface UserContext {
  id: number;
  name: string;
  email: string;
  clientId: number | null;
  clientUid: string | null;
  roles: { name: string; permissions: string[] }[];
  direct: string[];
  permissions: Set<string>;
  isStaff: boolean;
}

/**
 * Who acts and for which client. `clientId` is the client every tenant query is scoped to: the user's own,
 * or for staff the one named by the `client` header (null = staff acting across all clients).
 */
export interface Actor {
  user: UserContext;
  clientId: number | null;
  impersonatorId: number | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** false only for cross-site public endpoints that carry no session (subscriber tracking). */
    csrf?: boolean;
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
