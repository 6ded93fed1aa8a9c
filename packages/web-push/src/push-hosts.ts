import { WebPushInputError } from './errors.ts';

/**
 * An allowed push service: `host` (port 443 only), `host:port` (that port only), `*.host` / `*.host:port` (any
 * subdomain, not the host itself). With `path`, only endpoints whose path matches it, without a query, are allowed.
 */
export interface PushServiceRule {
  host: string;
  path?: RegExp;
}

/** An allow-list entry: a host string as above, or a rule that also restricts the path. */
export type PushHost = string | PushServiceRule;

/** A parsed allow-list entry; `port` is `''` for the default https port, as `URL.port` says it. */
export interface HostRule {
  host: string;
  wildcard: boolean;
  port: string;
  path?: RegExp;
}

/**
 * The host as the allow-list compares it. The WHATWG parser has already lower-cased it, turned IDN into punycode,
 * decoded percent-escapes and rewritten IPv4 (`127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1`) and IPv6
 * (`[0:0:0:0:0:0:0:1]`) literals to one form; one trailing dot (`fcm.googleapis.com.`) names the same host.
 * Undefined when a label is empty (`a..b`, `.b`).
 */
export function canonicalHost(hostname: string): string | undefined {
  const host = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (host === '' || (!host.startsWith('[') && host.split('.').includes(''))) return undefined;
  return host;
}

const isIpLiteral = (host: string) => host.startsWith('[') || /^\d+\.\d+\.\d+\.\d+$/.test(host);

function invalid(entry: string, why: string): never {
  throw new WebPushInputError(`Invalid push host "${entry}": ${why} (expected host, host:port, *.host or *.host:port)`);
}

/** Parses one allow-list entry; throws `WebPushInputError` naming the entry when it is not one. */
export function parsePushHost(entry: PushHost): HostRule {
  const rule = typeof entry === 'string' ? { host: entry } : entry;
  const text = typeof rule.host === 'string' ? rule.host.trim() : '';
  const wildcard = text.startsWith('*.');
  const rest = wildcard ? text.slice(2) : text;
  if (rest === '' || /[\s\p{Cc}]/u.test(rest)) invalid(text, 'empty, or with spaces or control characters');
  if (/[/\\?#@*]/.test(rest)) invalid(text, 'only a host and a port, no scheme, path or credentials');
  if (!URL.canParse(`https://${rest}/`)) invalid(text, 'not a host name');
  const url = new URL(`https://${rest}/`);
  const host = canonicalHost(url.hostname);
  if (host === undefined) invalid(text, 'not a host name');
  if (url.port === '0') invalid(text, 'port 0');
  if (wildcard && isIpLiteral(host)) invalid(text, 'a wildcard needs a domain name');
  return { host, wildcard, port: url.port, ...(rule.path ? { path: rule.path } : {}) };
}

/** Whether the rule names this origin: the whole host (or a subdomain for `*.`) and the port. */
export function ruleNamesOrigin(rule: HostRule, host: string, port: string): boolean {
  if (rule.port !== port) return false;
  return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
}

/** Whether the rule allows this path and query (rules without `path` allow any). */
export function ruleAllowsPath(rule: HostRule, url: URL): boolean {
  return !rule.path || (url.search === '' && rule.path.test(url.pathname));
}
