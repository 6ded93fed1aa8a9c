import type { FastifyInstance } from 'fastify';
import type { RoutePermission } from './types.ts';

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
}

/**
 * Deny by default: every route must declare a permission, 'authenticated' or 'public', or the app refuses to
 * start. Static files outside /api and the API documentation pages are public by nature. Collects /api routes.
 */
export function enforceRouteDeclarations(app: FastifyInstance, routes: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    const url = route.url;
    route.config ??= {};
    // Outside /api there are only the SPA's static files and health checks; the docs pages are public too.
    if (!url.startsWith('/api/') || url.startsWith('/api/docs')) route.config.permission ??= 'public';
    const permission = route.config.permission;
    if (permission === undefined) {
      throw new Error(`Route ${route.method} ${url} declares neither a permission nor 'public'`);
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && url.startsWith('/api/')) routes.push({ method, url, permission });
    }
  });
}
