/** A JavaScript single-quoted string literal of `text` (event names are the user's, so they are escaped). */
export function jsString(text: string): string {
  const escaped = text
    .replaceAll('\\', '\\\\')
    .replaceAll("'", "\\'")
    .replaceAll('\n', '\\n')
    .replaceAll('\r', '\\r')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029')
    .replaceAll('<', '\\x3C');
  return `'${escaped}'`;
}

/**
 * The code a website runs to raise a trigger's event: pushmine.js reads `window.pushmine` as a command queue
 * before it loads and replaces it with its API (which also has `push`) after, so this works at any moment.
 */
export function triggerSnippet(event: string): string {
  return [
    'window.pushmine = window.pushmine || [];',
    `window.pushmine.push(['triggerPushEvent', ${jsString(event)}]);`,
  ].join('\n');
}
