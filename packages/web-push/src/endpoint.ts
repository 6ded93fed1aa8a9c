import { WebPushInputError } from './errors.ts';

export interface EndpointPolicy {
  /** `http://host:port` origins allowed without TLS (a local push service). Nothing else may use http. */
  allowInsecureOrigins?: readonly string[];
  /**
   * When set, https endpoints must be on one of these hosts (`example.com` exactly, `*.example.com` for any
   * subdomain). Endpoints come from browsers, so servers should set it (see `KNOWN_PUSH_HOSTS`) to avoid SSRF.
   */
  allowedHosts?: readonly string[];
}

/** Push services of the major browsers (Chrome/Edge FCM, Firefox autopush, Safari, legacy Edge WNS). */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

function hostAllowed(hostname: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return patterns.some((pattern) => {
    const p = pattern.toLowerCase();
    return p.startsWith('*.') ? host.endsWith(p.slice(1)) && host.length > p.length - 1 : host === p;
  });
}

/** Normalizes origins (`http://LocalHost:80/` → `http://localhost`); invalid entries are refused. */
export function normalizeOrigins(origins: readonly string[] = []): Set<string> {
  return new Set(
    origins.map((origin) => {
      if (!URL.canParse(origin)) throw new WebPushInputError(`Invalid origin in allowInsecureOrigins: ${origin}`);
      return new URL(origin).origin;
    }),
  );
}

/** Parses a subscription endpoint and applies the policy; throws `WebPushInputError` before any I/O. */
export function parseEndpoint(endpoint: string, policy: EndpointPolicy, insecureOrigins?: Set<string>): URL {
  if (typeof endpoint !== 'string' || !URL.canParse(endpoint)) {
    throw new WebPushInputError('Subscription endpoint is not a valid URL');
  }
  const url = new URL(endpoint);
  if (url.username || url.password) throw new WebPushInputError('Subscription endpoint must not contain credentials');
  const insecure = insecureOrigins ?? normalizeOrigins(policy.allowInsecureOrigins);
  if (insecure.has(url.origin)) return url;
  if (url.protocol === 'http:') {
    throw new WebPushInputError(`Insecure endpoint origin ${url.origin} is not listed in allowInsecureOrigins`);
  }
  if (url.protocol !== 'https:') throw new WebPushInputError(`Endpoint scheme ${url.protocol} is not supported`);
  if (policy.allowedHosts && !hostAllowed(url.hostname, policy.allowedHosts)) {
    throw new WebPushInputError(`Endpoint host ${url.hostname} is not an allowed push service`);
  }
  return url;
}
