import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SCROLL_AREA = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
const SHIM = fileURLToPath(new URL('../src/lib/refs/merge-refs.ts', import.meta.url));

/**
 * Mantine's ScrollArea imports one hook, `useMergeRefs`, from @floating-ui/react, a single 15 KB (gzipped) module
 * that Popover, Tooltip and the selects need anyway but a Table (its ScrollContainer is a ScrollArea) does not. This
 * gives ScrollArea, and only it, a copy of that hook (src/lib/refs/merge-refs.ts), so the dashboard's tables do not
 * bring floating-ui into the first load (issue 17). Checked by scripts/check-bundle-size.ts's limit.
 */
export function scrollAreaRefs(): Plugin {
  return {
    name: 'pushdeck-scroll-area-refs',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && SCROLL_AREA.test(importer)) return SHIM;
      return null;
    },
  };
}
