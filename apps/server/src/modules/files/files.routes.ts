import { ACTIONS, wrapped } from '@pushdeck/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { HttpError } from '../../lib/errors.ts';
import { createZip } from '../../lib/zip.ts';
import type { App } from '../../plugins/types.ts';
import type { DomainsRepository } from '../domains/domains.repository.ts';
import { PUBLIC_PREFIX } from '../tracking/tracking.routes.ts';
import { siteScript } from './sdk-files.ts';

const INTEGRATION = ACTIONS['domains.files'];
const fileName = z.enum(['pushmine', 'sw_pm']);
const asList = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function apiBaseFor(request: FastifyRequest, config: AppConfig): string {
  return `${config.publicUrl ?? `${request.protocol}://${request.host}`}${PUBLIC_PREFIX}`;
}

/** Finds the base URL of a website's master API connection (issue #16), null without one. */
export interface MasterApiLookup {
  masterApiBase(domainId: number): Promise<string | null>;
}

/** The API base a website's scripts call: its master API connection's URL, else this instance's own. */
async function siteApiBase(request: FastifyRequest, config: AppConfig, masters: MasterApiLookup, domainId: number) {
  const master = await masters.masterApiBase(domainId);
  return master ? `${master}${PUBLIC_PREFIX}` : apiBaseFor(request, config);
}

/** The integration files of a website: pushmine.js and sw_pm.js with its website id and VAPID key. */
export function filesRoutes(
  app: App,
  deps: { domains: DomainsRepository; config: AppConfig; connections: MasterApiLookup },
) {
  const { domains, config, connections } = deps;

  app.post(
    '/api/v1/files/generateJavaScriptFileByDomain',
    {
      config: { permission: INTEGRATION },
      schema: {
        tags: ['files'],
        summary: 'pushmine.js or sw_pm.js for one website',
        querystring: z.object({ filename: fileName, website_id: z.string().trim().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const { filename, website_id } = request.query;
      const [domain] = await domains.keysForActor(request.actor!, [website_id]);
      if (!domain) throw new HttpError(404, 'Website not found.');
      await domains.markIntegrationDownloaded([domain.id]);
      const js = await siteScript(filename, {
        websiteId: domain.website_id,
        vapidPublicKey: domain.vapid_public_key,
        apiBase: await siteApiBase(request, config, connections, domain.id),
      });
      return reply
        .header('content-type', 'application/javascript; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}.js"`)
        .send(js);
    },
  );

  app.get(
    '/api/v1/files/apiBase',
    {
      config: { permission: INTEGRATION },
      schema: {
        tags: ['files'],
        summary:
          "The API base a website's pushmine.js and sw_pm.js call: its master API connection's, else this instance's",
        querystring: z.object({ website_id: z.string().trim().min(1).max(64) }),
        response: {
          200: wrapped(z.object({ api_base: z.string(), source: z.enum(['master_connection', 'instance']) })),
        },
      },
    },
    async (request) => {
      const [domain] = await domains.keysForActor(request.actor!, [request.query.website_id]);
      if (!domain) throw new HttpError(404, 'Website not found.');
      const master = await connections.masterApiBase(domain.id);
      return {
        data: master
          ? { api_base: `${master}${PUBLIC_PREFIX}`, source: 'master_connection' as const }
          : { api_base: apiBaseFor(request, config), source: 'instance' as const },
      };
    },
  );

  app.post(
    '/api/v1/files/generateJavaScriptZipByDomains',
    {
      config: { permission: INTEGRATION },
      schema: {
        tags: ['files'],
        summary: 'A zip of the integration files of several websites (multipart or JSON: filename, website_ids[])',
        body: z
          .object({
            filename: z.string().trim().max(100).optional(),
            website_ids: z.union([z.string(), z.array(z.string())]).optional(),
            'website_ids[]': z.union([z.string(), z.array(z.string())]).optional(),
          })
          .transform((b) => ({
            filename: b.filename,
            ids: [...asList(b.website_ids), ...asList(b['website_ids[]'])].map(String).filter(Boolean),
          }))
          .refine((b) => b.ids.length > 0 && b.ids.length <= 1000, {
            message: 'Select 1 to 1000 websites.',
            path: ['website_ids'],
          }),
      },
    },
    async (request, reply) => {
      const { filename, ids } = request.body;
      const found = await domains.keysForActor(request.actor!, [...new Set(ids)]);
      if (found.length === 0) throw new HttpError(404, 'Website not found.');
      await domains.markIntegrationDownloaded(found.map((d) => d.id));
      const entries = [];
      for (const d of found) {
        const apiBase = await siteApiBase(request, config, connections, d.id);
        const folder = `${new URL(d.url).host.replace(/[^\w.-]/g, '_')}_${d.website_id}`;
        for (const name of ['pushmine', 'sw_pm'] as const) {
          const js = await siteScript(name, { websiteId: d.website_id, vapidPublicKey: d.vapid_public_key, apiBase });
          entries.push({ name: `${folder}/${name}.js`, data: Buffer.from(js) });
        }
      }
      const safe = (filename || 'pushdeck-integration').replace(/[^\w.-]+/g, '_').replace(/\.zip$/i, '');
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${safe}.zip"`)
        .send(createZip(entries));
    },
  );
}
