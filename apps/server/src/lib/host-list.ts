import { BlockList, isIP } from 'node:net';
import { canonicalHost, type HostRule, parsePushHost, WebPushInputError } from '@pushdeck/web-push';

/**
 * An operator's list of hosts the server may connect to for one purpose (PUSHDECK_CLUSTER_HOSTS, PUSHDECK_WEBHOOK_HOSTS,
 * PUSHDECK_S3_HOSTS), comma-separated, each entry one of:
 * - `host` (the protocol's default port: 5432 for a database, the URL scheme's for S3), `host:port` (that port),
 *   `host:*` (any port) — a name or an IP address (`[::1]` for IPv6);
 * - `*.domain`, `*.domain:port`, `*.domain:*` — any subdomain (not the domain itself), as PUSHDECK_PUSH_HOSTS reads it;
 * - an address range `10.0.0.0/8`, `[fd00::]/8`, with `:port` or `:*` likewise: hosts written as an address inside
 *   it (and, for S3, names that resolve inside it).
 * Names are compared as written (lower-cased, IDN as punycode, one trailing dot dropped); addresses in any spelling
 * (`127.1`, `0x7f000001`) in their canonical form.
 */
export interface HostList {
  /** The entries as configured (empty: none). */
  readonly entries: readonly string[];
  /** Whether the list names this host (as the user wrote it) on this port. */
  names(host: string, port: number, defaultPort: number): boolean;
  /** Whether an address range of the list holds this address on this port. */
  holdsAddress(address: string, port: number, defaultPort: number): boolean;
}

interface NameRule {
  rule: HostRule;
  port: number | '*' | 'default';
}
interface RangeRule {
  range: BlockList;
  port: number | '*' | 'default';
}

function invalid(name: string, entry: string): never {
  throw new Error(
    `${name}: Invalid host "${entry}" (expected host, host:port, host:*, *.domain, *.domain:port, or an address range such as 10.0.0.0/8 or 10.0.0.0/8:6432)`,
  );
}

const portOf = (text: string | undefined): number | '*' | 'default' =>
  text === undefined || text === '' ? 'default' : text === '*' ? '*' : Number(text);

const portMatches = (rule: number | '*' | 'default', port: number, defaultPort: number) =>
  rule === '*' || (rule === 'default' ? port === defaultPort : port === rule);

/** A host as the list compares it: the URL parser's canonical form, without IPv6 brackets; undefined if none. */
export function canonical(host: string): string | undefined {
  const bare = host.trim().replace(/^\[(.*)\]$/, '$1');
  const literal = isIP(bare) === 6 ? `[${bare}]` : bare;
  if (!URL.canParse(`http://${literal}/`)) return undefined;
  const parsed = canonicalHost(new URL(`http://${literal}/`).hostname);
  return parsed?.replace(/^\[(.*)\]$/, '$1');
}

function parseRange(name: string, entry: string): RangeRule {
  const m = /^(\[[0-9a-fA-F:.]+\]|[0-9.]+)\/(\d{1,3})(?::(\d{1,5}|\*))?$/.exec(entry);
  if (!m) invalid(name, entry);
  const address = m[1]!.replace(/^\[(.*)\]$/, '$1');
  const family = isIP(address);
  const prefix = Number(m[2]);
  const port = portOf(m[3]);
  if (family === 0 || prefix > (family === 4 ? 32 : 128) || port === 0 || (typeof port === 'number' && port > 65535)) {
    invalid(name, entry);
  }
  const range = new BlockList();
  range.addSubnet(address, prefix, family === 4 ? 'ipv4' : 'ipv6');
  return { range, port };
}

function parseName(name: string, entry: string): NameRule {
  const anyPort = entry.endsWith(':*');
  try {
    const rule = parsePushHost(anyPort ? entry.slice(0, -2) : entry);
    return {
      rule: { ...rule, host: rule.host.replace(/^\[(.*)\]$/, '$1') },
      port: anyPort ? '*' : portOf(rule.port),
    };
  } catch (err) {
    if (err instanceof WebPushInputError) invalid(name, entry);
    throw err;
  }
}

/** Parses a comma-separated list; a bad entry throws naming the option and the entry (the start stops on it). */
export function hostList(value: string | undefined, name: string): HostList {
  const entries = (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const names: NameRule[] = [];
  const ranges: RangeRule[] = [];
  for (const entry of entries) {
    if (entry.includes('/')) ranges.push(parseRange(name, entry));
    else names.push(parseName(name, entry));
  }
  const holdsAddress = (address: string, port: number, defaultPort: number) => {
    const family = isIP(address);
    if (family === 0) return false;
    return ranges.some(
      (r) => portMatches(r.port, port, defaultPort) && r.range.check(address, family === 4 ? 'ipv4' : 'ipv6'),
    );
  };
  return {
    entries,
    names(host, port, defaultPort) {
      const h = canonical(host);
      if (h === undefined) return false;
      if (holdsAddress(h, port, defaultPort)) return true;
      return names.some(
        ({ rule, port: p }) =>
          portMatches(p, port, defaultPort) && (rule.wildcard ? h.endsWith(`.${rule.host}`) : h === rule.host),
      );
    },
    holdsAddress,
  };
}

/** Addresses that are not on the public internet: loopback, private, link-local, shared, reserved, multicast. */
const NOT_PUBLIC = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv4');
  }
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['64:ff9b::', 96],
    ['100::', 64],
    ['2001:db8::', 32],
    ['fc00::', 7],
    ['fe80::', 10],
    ['fec0::', 10],
    ['ff00::', 8],
  ] as const) {
    list.addSubnet(net, prefix, 'ipv6');
  }
  return list;
})();

/** Whether an IP address is on the public internet (an IPv4-mapped IPv6 address is judged by its IPv4 address). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  // BlockList matches IPv4 rules on IPv4-mapped addresses too (::ffff:a.b.c.d); the hex form is read here
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [hi, lo] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return !NOT_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
