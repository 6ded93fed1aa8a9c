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

/**
 * What a site runs once it knows who the visitor is (pushmine.js reads the queue before it loads, and `push` works
 * after): the id goes to the visitor's subscriber, once per change, and the server API sends to it.
 */
export const IDENTIFY_SNIPPET = [
  'window.pushmine = window.pushmine || [];',
  "window.pushmine.push(['identify', 'user-42']); // your own id of the signed-in visitor",
].join('\n');
