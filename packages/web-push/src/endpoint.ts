import { EndpointRefusedError, WebPushInputError } from './errors.ts';
import {
  canonicalHost,
  type HostRule,
  type PushHost,
  parsePushHost,
  ruleAllowsPath,
  ruleNamesOrigin,
} from './push-hosts.ts';

export interface EndpointPolicy {
  /** `http://host:port` origins allowed without TLS (a local push service). Nothing else may use http. */
  allowInsecureOrigins?: readonly string[];
  /**
   * When set, https endpoints must be on one of these push services: `example.com` (port 443 only),
   * `example.com:8443` (that port only), `*.example.com` (any subdomain, port 443), or a `PushServiceRule` that also
   * restricts the path. Endpoints come from browsers, so servers should set it (see `KNOWN_PUSH_HOSTS`) to avoid SSRF.
   */
  allowedHosts?: readonly PushHost[];
}

/** Push services of the major browsers (Chrome/Edge FCM, Firefox autopush, Safari, legacy Edge WNS); https, port 443. */
export const KNOWN_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** Longest endpoint accepted; the browsers' are well under 1 KiB. */
export const MAX_ENDPOINT_LENGTH = 2048;

/** Characters a browser's endpoint can hold: printable ASCII without the backslash (parsers read it as `/`). */
const ENDPOINT_CHARS = /^[\x21-\x5b\x5d-\x7e]+$/;

interface CompiledPolicy {
  insecureOrigins: Set<string>;
  rules: HostRule[] | undefined;
}

const compiled = new WeakMap<EndpointPolicy, CompiledPolicy>();

/** Normalizes origins (`http://LocalHost:80/` → `http://localhost`); invalid or non-http entries are refused. */
export function normalizeOrigins(origins: readonly string[] = []): Set<string> {
  return new Set(
    origins.map((origin) => {
      if (!URL.canParse(origin) || new URL(origin).protocol !== 'http:') {
        throw new WebPushInputError(`Invalid origin in allowInsecureOrigins (http://host:port expected): ${origin}`);
      }
      return new URL(origin).origin;
    }),
  );
}

/** Parses the policy once (throws `WebPushInputError` on a bad entry); later calls reuse the result. */
export function compileEndpointPolicy(policy: EndpointPolicy): CompiledPolicy {
  let c = compiled.get(policy);
  if (!c) {
    c = {
      insecureOrigins: normalizeOrigins(policy.allowInsecureOrigins),
      rules: policy.allowedHosts?.map(parsePushHost),
    };
    compiled.set(policy, c);
  }
  return c;
}

const refuse = (message: string): never => {
  throw new EndpointRefusedError(message);
};

/** The part between `scheme:` (and its slashes) and the path: where `user@` would hide. */
const authorityOf = (endpoint: string) => endpoint.replace(/^[a-z][a-z0-9+.-]*:\/*/i, '').split(/[/?#]/, 1)[0] ?? '';

/**
 * Parses a subscription endpoint and applies the policy; throws `EndpointRefusedError` (a `WebPushInputError`)
 * before any I/O. Hosts are compared in their canonical form (see `canonicalHost`), with the port.
 */
export function parseEndpoint(endpoint: string, policy: EndpointPolicy): URL {
  const { insecureOrigins, rules } = compileEndpointPolicy(policy);
  if (typeof endpoint !== 'string' || endpoint === '') return refuse('Subscription endpoint is not a valid URL');
  if (endpoint.length > MAX_ENDPOINT_LENGTH) {
    return refuse(`Subscription endpoint is longer than ${MAX_ENDPOINT_LENGTH} characters`);
  }
  if (!ENDPOINT_CHARS.test(endpoint)) {
    return refuse('Subscription endpoint must not contain spaces, control characters, backslashes or non-ASCII');
  }
  if (!URL.canParse(endpoint)) return refuse('Subscription endpoint is not a valid URL');
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return refuse(`Endpoint scheme ${url.protocol} is not supported`);
  }
  if (url.username || url.password || authorityOf(endpoint).includes('@')) {
    return refuse('Subscription endpoint must not contain credentials');
  }
  if (url.hash || endpoint.includes('#')) return refuse('Subscription endpoint must not contain a fragment');
  if (insecureOrigins.has(url.origin)) return url;
  if (url.protocol === 'http:') {
    return refuse(`Endpoint origin ${url.origin} must use https (it is not listed in allowInsecureOrigins)`);
  }
  if (!rules) return url;
  const host = canonicalHost(url.hostname);
  const named = host === undefined ? [] : rules.filter((rule) => ruleNamesOrigin(rule, host, url.port));
  if (named.length === 0) return refuse(`Endpoint origin ${url.origin} is not an allowed push service`);
  if (!named.some((rule) => ruleAllowsPath(rule, url))) {
    return refuse(`Endpoint path is not a push path of ${url.origin}`);
  }
  return url;
}
