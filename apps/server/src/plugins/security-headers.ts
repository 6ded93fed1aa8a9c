import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.ts';

const policy = (directives: string[]) => directives.join('; ');

/**
 * The console (index.html, deep links, its assets, the preview worker /sw.js): scripts only from this origin, no
 * inline or eval'd script. Styles allow 'unsafe-inline' because Mantine writes style attributes and <style> tags at
 * run time; images come from anywhere over https (notification icons and large images are other sites' URLs), data:
 * and blob: (a picked file's preview).
 */
export const CONSOLE_CSP = policy([
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
]);

/** The Swagger UI at /api/docs: the console's policy (its scripts are files of its own; it needs inline styles). */
export const DOCS_CSP = CONSOLE_CSP;

/** JSON and downloads: nothing in them may load or run anything, nor be framed. */
export const API_CSP = policy([
  "default-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
]);

/** Uploaded images opened directly: a sandboxed document that loads nothing. */
export const UPLOAD_CSP = policy(["default-src 'none'", "frame-ancestors 'none'", 'sandbox']);

/** The path of a request URL, percent-decoded when it can be. */
function pathOf(url: string): string {
  const raw = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function cspFor(path: string): string {
  if (path === '/api/docs' || path.startsWith('/api/docs/')) return DOCS_CSP;
  if (path.startsWith('/api/')) return API_CSP;
  if (path.startsWith('/uploads/')) return UPLOAD_CSP;
  return CONSOLE_CSP;
}

export interface SecurityHeadersOptions {
  /** Read on every request: PUSHDECK_SERVE_SOURCEMAPS (config.serveSourceMaps). */
  config: { serveSourceMaps: boolean };
}

/**
 * The security headers of every response, set in one place: a Content-Security-Policy by kind of response, no framing
 * (frame-ancestors 'none' and X-Frame-Options DENY), nosniff, no Referer. No Cross-Origin-Resource-Policy: subscriber
 * sites load /uploads images (notification icons) and call /api/public cross-origin. Source maps (`*.map`, built next
 * to the console's assets) answer 404 unless PUSHDECK_SERVE_SOURCEMAPS=1.
 */
export function registerSecurityHeaders(app: App, options: SecurityHeadersOptions): void {
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    reply.headers({
      'content-security-policy': cspFor(path),
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
    const sourceMap = path.endsWith('.map') || request.routeOptions.url?.endsWith('.map');
    if (sourceMap && !path.startsWith('/api/') && !options.config.serveSourceMaps) {
      return reply.status(404).send({ message: 'Not found.' });
    }
  });
}
