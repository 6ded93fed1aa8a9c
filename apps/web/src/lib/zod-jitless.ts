export {};

// zod compiles object parsers with `new Function` after probing whether eval is allowed. The console's
// Content-Security-Policy forbids eval (script-src 'self'), and Chromium reports even the caught probe as a
// violation, so the parsers run without compilation. Imported first in main.tsx. zod keeps its settings in
// `globalThis.__zod_globalConfig` and adopts an object found there when it loads (and keeps using the one it made if
// it loaded first): setting the flag on that object needs no zod in the first script (issue 17: zod loads with the
// first answer it parses). lib/zod-jitless.test.ts checks that zod still reads it.
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
