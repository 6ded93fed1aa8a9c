import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import type { TestApp } from '../harness.ts';

/** The OpenAPI document of the server API alone (`/api/server/…` paths and the components they use), from /api/docs. */
export async function serverApiDocument(t: TestApp): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const doc = res.json() as { paths: Record<string, unknown>; components?: Record<string, unknown> };
  const paths = Object.fromEntries(Object.entries(doc.paths).filter(([p]) => p.startsWith('/api/server/')));
  return { ...doc, paths };
}

/** The TypeScript types openapi-typescript makes of that document (server-api.generated.ts holds them). */
export async function serverApiTypes(t: TestApp): Promise<string> {
  const ast = await openapiTS((await serverApiDocument(t)) as never);
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
