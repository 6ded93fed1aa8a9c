import type { HostList } from '../../lib/host-list.ts';
import { endpointOf, OutboundHostPolicy } from '../../lib/outbound-hosts.ts';

/**
 * Which webhook URLs the server may post to: the outbound rules every server request follows (lib/outbound-hosts.ts,
 * as image storage's S3 endpoints), with PUSHDECK_WEBHOOK_HOSTS as the operator's list, and https only: http is
 * allowed only to a host the list names. Judged when a webhook is saved and again at every connection.
 */
export class WebhookHostPolicy extends OutboundHostPolicy {
  constructor(list: HostList) {
    super(list, 'PUSHDECK_WEBHOOK_HOSTS');
  }

  /** https, or http to a listed host. */
  private schemeAllowed(url: string): boolean {
    const e = endpointOf(url);
    return e !== undefined && (e.protocol === 'https:' || this.listed(url));
  }

  override allowsEndpoint(url: string): boolean {
    return this.schemeAllowed(url) && super.allowsEndpoint(url);
  }

  override async allowsOnSave(url: string): Promise<boolean> {
    return this.schemeAllowed(url) && super.allowsOnSave(url);
  }
}
