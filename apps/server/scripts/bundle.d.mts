/** Bundles src/main.ts into `outfile` (a path inside the repository, so that npm packages resolve). */
export function bundleServer(outfile: string): Promise<void>;
