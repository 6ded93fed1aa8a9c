import { hasRealHost } from '@pushdeck/contracts';

/**
 * A website's address as stored: scheme + host (+ non-default port), lowercase; null when it is not one, including
 * a host that is a single name (localhost, nan) rather than a domain name or an IP address.
 */
export function normaliseSiteUrl(input: string): string | null {
  const text = input.trim();
  if (text === '' || /\s/.test(text) || !hasRealHost(text)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  const hostname = url.hostname.replace(/\.$/, '');
  if (!isHostname(hostname)) return null;
  const origin = `${url.protocol}//${hostname}${url.port ? `:${url.port}` : ''}`;
  return origin.length <= 255 ? origin : null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A DNS name of letters, digits and hyphens (IDNs arrive punycoded from URL), an IPv4 address or [IPv6]. */
function isHostname(hostname: string): boolean {
  if (/^\[[0-9a-f:.]+\]$/.test(hostname)) return true;
  const labels = hostname.split('.');
  return labels.length > 0 && labels.every((label) => LABEL.test(label));
}
