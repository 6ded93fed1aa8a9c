/** scheme://host[:port] of a website's address, or the address itself when it does not parse. */
export function siteOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** The line every page of the site loads. */
export const PUSHMINE_SNIPPET = '<script src="/pushmine.js" async></script>';
