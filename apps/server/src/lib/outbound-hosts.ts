import { promises as dns, type LookupAddress, lookup } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { canonical, type HostList, isPublicAddress } from './host-list.ts';

/** The code of the error a guarded lookup fails with: the name resolved only to addresses that are not allowed. */
export const HOST_REFUSED = 'EPUSHDECK_HOST_REFUSED';

export interface Endpoint {
  protocol: 'http:' | 'https:';
  host: string;
  port: number;
  defaultPort: number;
}

export const endpointOf = (url: string): Endpoint | undefined => {
  if (!URL.canParse(url)) return undefined;
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return undefined;
  const host = canonical(u.hostname);
  if (host === undefined) return undefined;
  const defaultPort = u.protocol === 'https:' ? 443 : 80;
  return { protocol: u.protocol, host, port: u.port ? Number(u.port) : defaultPort, defaultPort };
};

/**
 * Which http(s) endpoints a server-side request may call, for one purpose with its own operator list (PUSHDECK_S3_HOSTS
 * for image storage, PUSHDECK_WEBHOOK_HOSTS for webhooks; lib/host-list.ts). Public hosts are allowed; loopback,
 * private, link-local and other non-public addresses only when the list holds them (by name and port, or an address
 * range). A name is judged by what it resolves to: when the URL is saved, and again at every connection (the
 * lookup of the request), so a name re-pointed at an inner address later is refused too.
 */
export class OutboundHostPolicy {
  constructor(
    readonly list: HostList,
    private readonly option: string,
  ) {}

  /** Whether the list names this URL's host as written (and port). */
  listed(url: string): boolean {
    const e = endpointOf(url);
    return e !== undefined && this.list.names(e.host, e.port, e.defaultPort);
  }

  /** The verdict without resolving: false for a refused address or a bad URL; true for a listed host or a public
   * address, and for a name (judged when it resolves). */
  allowsEndpoint(url: string): boolean {
    const e = endpointOf(url);
    if (!e) return false;
    if (this.list.names(e.host, e.port, e.defaultPort)) return true;
    return isIP(e.host) === 0 || isPublicAddress(e.host);
  }

  private addressAllowed(address: string, e: Endpoint) {
    return isPublicAddress(address) || this.list.holdsAddress(address, e.port, e.defaultPort);
  }

  /** The verdict on saving: a name that resolves to a refused address is refused (one that does not resolve now is
   * left to the connection, which judges it again). */
  async allowsOnSave(url: string): Promise<boolean> {
    if (!this.allowsEndpoint(url)) return false;
    const e = endpointOf(url)!;
    if (isIP(e.host) !== 0 || this.list.names(e.host, e.port, e.defaultPort)) return true;
    const addresses = await dns.lookup(e.host, { all: true }).catch(() => null);
    return addresses === null || addresses.every((a) => this.addressAllowed(a.address, e));
  }

  /** The lookup of the connections to this endpoint: drops refused addresses, fails when none is left. */
  lookupFor(url: string): LookupFunction | undefined {
    const e = endpointOf(url);
    if (!e || isIP(e.host) !== 0 || this.list.names(e.host, e.port, e.defaultPort)) return undefined;
    return ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
        if (err) return callback(err);
        const allowed = addresses.filter((a) => this.addressAllowed(a.address, e));
        if (allowed.length === 0) {
          const refused = Object.assign(new Error(`${hostname} resolves to an address ${this.option} does not allow`), {
            code: HOST_REFUSED,
          });
          return callback(refused);
        }
        if (options.all) return callback(null, allowed);
        return callback(null, allowed[0]!.address, allowed[0]!.family);
      });
    }) as LookupFunction;
  }
}
