/**
 * The Node.js versions the server runs on, from the root package.json's `engines.node` (e.g. `>=24 <25`). Kept free of
 * imports: main.ts checks it before loading anything that an older Node.js cannot run (on Node.js 20 the bundle's
 * native modules die with a segmentation fault and no message).
 */

type Version = [number, number, number];

const parse = (text: string): Version | undefined => {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : undefined;
};

const compare = (a: Version, b: Version) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];

/** Whether `version` satisfies a range of space-separated comparators (`>=24`, `<25`, `>=24.1.0`, `>24`, `<=24`, `24`). */
export function satisfies(version: string, range: string): boolean {
  const v = parse(version);
  if (!v) return false;
  return range
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .every((comparator) => {
      const m = /^(>=|<=|>|<|=)?(.+)$/.exec(comparator)!;
      const bound = parse(m[2]!);
      if (!bound) return false;
      const c = compare(v, bound);
      switch (m[1]) {
        case '>=':
          return c >= 0;
        case '<=':
          return c <= 0;
        case '>':
          return c > 0;
        case '<':
          return c < 0;
        default:
          return c === 0;
      }
    });
}

/** The first major version a range allows (`>=24 <25` → 24), for the message. */
const wanted = (range: string) => /(?:^|\s)>=?\s*v?(\d+)/.exec(range)?.[1] ?? range;

/** One line saying which Node.js to use when `version` is outside `range`; null when it is inside. */
export function unsupportedNode(version: string, range: string): string | null {
  if (satisfies(version, range)) return null;
  return `Pushdeck needs Node.js ${wanted(range)} (${range}), not ${version}: start it with \`npm start\`, which runs the project's own Node.js ${wanted(range)}, or install Node.js ${wanted(range)}.`;
}
