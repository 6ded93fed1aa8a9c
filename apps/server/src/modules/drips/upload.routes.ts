import { DRIP_LIMITS, wrapped } from '@pushdeck/contracts';
import type { FastifyContextConfig } from 'fastify';
import { z } from 'zod';
import type { App } from '../../plugins/types.ts';
import type { ModuleDeps } from '../module-deps.ts';
import { uploadBody } from './drip-route-schemas.ts';
import { DRIP_PERMISSIONS } from './drips.policy.ts';

/** One byte over the largest image: a bigger file arrives cut there and is refused with a 422, not a 413. */
const multipartOptions = {
  limits: { fileSize: DRIP_LIMITS.imageBytes + 1, files: 1 },
  throwFileSizeLimit: false,
} as FastifyContextConfig['multipartOptions'];

/**
 * Icon and large-image uploads (png or jpeg by content): into the client's image storage (local folder or S3, issue
 * #16), or by default under DATA_DIR/uploads, served at /uploads/.
 */
export function uploadRoutes(app: App, deps: ModuleDeps): void {
  const images = deps.services.imageStore;
  const storage = deps.services.images;

  app.post(
    '/api/v1/files/uploadImage',
    {
      config: { permission: DRIP_PERMISSIONS.upload, multipartOptions },
      schema: {
        tags: ['files'],
        summary: 'Upload an icon (≤ 1 MB) or large image (≤ 5 MB), png or jpeg: multipart image + type',
        body: uploadBody,
        response: { 200: wrapped(z.array(z.object({ full_url: z.string() }))) },
      },
    },
    async (request) => {
      // the client's own image storage when it has one (issue #16), else this instance's uploads folder
      const base = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const full_url = await storage.save(request.actor!, request.body.type, request.body.image, base);
      return { data: [{ full_url }] };
    },
  );

  app.get(
    '/uploads/*',
    { config: { permission: 'public' }, schema: { hide: true, params: z.object({ '*': z.string().max(200) }) } },
    async (request, reply) => {
      // The type was sniffed on upload (png or jpeg) and is fixed by the stored name; never rendered as a page.
      const file = await images.open(request.params['*']);
      return reply
        .header('content-type', file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', `inline; filename="${file.name}"`)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
