import { assertSdkConfig, pickSdkConfig, type SdkConfig } from './config.ts';

/** Built files the server serves, as `${name}.js` (dist/pushmine.js, dist/sw_pm.js). */
export const sdkFileNames = ['pushmine', 'sw_pm'] as const;
export type SdkFileName = (typeof sdkFileNames)[number];

export function isSdkFileName(value: unknown): value is SdkFileName {
  return typeof value === 'string' && (sdkFileNames as readonly string[]).includes(value);
}

/** URL of a built file (after `npm run build -w @pushdeck/sdk`). */
export function sdkDistUrl(name: SdkFileName): URL {
  return new URL(`../dist/${name}.js`, import.meta.url);
}

/**
 * JSON safe to embed in a classic script, including inside an inline <script> element:
 * `<` is escaped (no `</script>` or `<!--`), as are U+2028/U+2029 (line terminators in pre-ES2019 parsers).
 */
export function toScriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The per-website file: one configuration line, then the built script. Throws on an invalid config or name. */
export function renderSdkFile(name: SdkFileName, config: SdkConfig, builtSource: string): string {
  if (!isSdkFileName(name)) throw new Error(`Unknown SDK file: ${String(name)}`);
  assertSdkConfig(config);
  return `self.PUSHMINE_CONFIG = ${toScriptJson(pickSdkConfig(config))};\n${builtSource}`;
}
