/** Where the guide for sites with a service worker puts the downloaded sw_pm.js. */
export const PUSHDECK_WORKER_PATH = '/pushdeck/sw_pm.js';

/** A same-origin path as a single-quoted JavaScript string (the path is the user's, so it is escaped). */
function jsString(path: string): string {
  return `'${path
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replace(/[\r\n\u2028\u2029]/g, '')}'`;
}

/** A usable worker path: starts with one '/', has no spaces. */
export function isWorkerPath(path: string): boolean {
  return /^\/(?!\/)\S*$/.test(path) && path.length <= 300;
}

/** The root /sw_pm.js of a site that already has a worker: Pushdeck's code, then the site's own. */
export function combinedWorker(existingPath: string): string {
  return [
    '// /sw_pm.js: the one service worker of your site',
    `importScripts(${jsString(PUSHDECK_WORKER_PATH)}); // Pushdeck push notifications`,
    `importScripts(${jsString(existingPath)}); // your service worker, unchanged`,
  ].join('\n');
}

/** The registration change in the site's own pages. */
export function registrationChange(existingPath: string): string {
  return [
    '// before',
    `navigator.serviceWorker.register(${jsString(existingPath)});`,
    '// after (or delete the line: pushmine.js registers /sw_pm.js itself)',
    "navigator.serviceWorker.register('/sw_pm.js');",
  ].join('\n');
}
