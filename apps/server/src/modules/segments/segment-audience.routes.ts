import { PassThrough } from 'node:stream';
import {
  segmentCountSchema,
  segmentExistsResultSchema,
  segmentExistsSchema,
  subscriberPageSchema,
  subscriberRowSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import { idParams, listQuerystring } from '../subscribers/route-params.ts';
import { SEGMENT_PERMISSIONS } from './segment-permissions.ts';
import { writeSubscribersXlsx, XLSX_TYPE, xlsxDisposition } from './segment-xlsx.ts';
import type { SegmentsService } from './segments.service.ts';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const countSchema = z.object({ data: z.number().int(), is_estimate: z.boolean() });

/** What an audience selects: counts, first rows, the paged subscriber list, the XLSX, the existence check. */
export function segmentAudienceRoutes(app: App, service: SegmentsService): void {
  const tags = ['segments'];

  app.post(
    '/api/v1/segments/count',
    {
      config: { permission: SEGMENT_PERMISSIONS.read },
      schema: {
        tags,
        summary: 'Live count of a query on a website ({website_id | domain_id, query}) → data: number',
        body: segmentCountSchema,
        response: { 200: countSchema },
      },
    },
    async (request) => {
      const { total, estimate } = await service.count(request.actor!, request.body);
      return { data: total, is_estimate: estimate };
    },
  );

  app.post(
    '/api/v1/segments/exists',
    {
      config: { permission: SEGMENT_PERMISSIONS.check },
      schema: {
        tags,
        summary: 'Is there a segment with this name and the same query on the target website?',
        body: segmentExistsSchema,
        response: { 200: wrapped(segmentExistsResultSchema) },
      },
    },
    async (request) => ({ data: await service.exists(request.actor!, request.body) }),
  );

  app.post(
    '/api/v1/segments/executeQueryField/:id',
    {
      config: { permission: SEGMENT_PERMISSIONS.read },
      schema: {
        tags,
        summary: "The segment's count (count=true) or its newest `limit` subscribers (default 10, ≤ 1000)",
        params: idParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(1000).default(10),
          count: flag.default(false),
        }),
        response: { 200: z.union([countSchema, wrapped(z.array(subscriberRowSchema))]) },
      },
    },
    async (request) => service.execute(request.actor!, request.params.id, request.query),
  );

  app.get(
    '/api/v1/segments/:id/subscribers',
    {
      config: { permission: SEGMENT_PERMISSIONS.read },
      schema: {
        tags,
        summary:
          "The segment's active subscribers: paginate=true, pageLength, page, order_by=id:desc; total_is_estimate past the count budget",
        params: idParams,
        querystring: listQuerystring,
        response: { 200: wrapped(subscriberPageSchema) },
      },
    },
    async (request) => ({ data: await service.subscriberPage(request.actor!, request.params.id, request.query) }),
  );

  app.get(
    '/api/v1/segments/:id/xlsx',
    {
      config: { permission: SEGMENT_PERMISSIONS.read },
      schema: {
        tags,
        summary: "'Upload as XLSX': the segment's subscribers as a workbook, streamed",
        params: idParams,
      },
    },
    async (request, reply) => {
      const { name, id, batches } = await service.export(request.actor!, request.params.id);
      const out = new PassThrough();
      writeSubscribersXlsx(batches, out).catch((err: unknown) => {
        request.log.error({ err }, 'xlsx export failed');
        out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
      return reply.type(XLSX_TYPE).header('content-disposition', xlsxDisposition(name, id)).send(out);
    },
  );
}
