import { z } from 'zod';

// zod compiles object parsers with `new Function` after probing whether eval is allowed. The console's
// Content-Security-Policy forbids eval (script-src 'self'), and Chromium reports even the caught probe as a
// violation, so the parsers run without compilation. Imported first in main.tsx: object schemas read the setting
// when they are created, and the contracts create theirs on import.
z.config({ jitless: true });
