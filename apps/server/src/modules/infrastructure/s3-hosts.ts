import type { HostList } from '../../lib/host-list.ts';
import { HOST_REFUSED, OutboundHostPolicy } from '../../lib/outbound-hosts.ts';

/** The code of the error a guarded lookup fails with: the name resolved only to addresses that are not allowed. */
export const S3_HOST_REFUSED = HOST_REFUSED;

/**
 * Which S3 endpoints of image storage the server may call (a client's upload makes it call them): the outbound rules
 * of lib/outbound-hosts.ts with PUSHDECK_S3_HOSTS as the operator's list. Public hosts are allowed; loopback,
 * private, link-local and other non-public addresses only when PUSHDECK_S3_HOSTS lists them (by name and port, or
 * an address range). A name is judged by what it resolves to: when the config is saved, and again at every
 * connection (the agents' lookup), so a name re-pointed at an inner address later is refused too.
 */
export class S3HostPolicy extends OutboundHostPolicy {
  constructor(list: HostList) {
    super(list, 'PUSHDECK_S3_HOSTS');
  }
}
