/**
 * Who acts, as every service sees it (the HTTP layer builds it from the session in plugins/session.ts; jobs and
 * tools can build one too). Domain-level: no import from plugins/ or Fastify.
 */

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
