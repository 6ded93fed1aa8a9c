import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress.ts';
import { scrollAreaRefs } from './build/scroll-area-refs.ts';

const apiTarget = process.env.PUSHDECK_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), scrollAreaRefs(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { port: 5173, proxy: { '/api': apiTarget, '/healthz': apiTarget } },
  // Source maps are written but not named in the scripts ('hidden'): the server answers them 404 unless
  // PUSHDECK_SERVE_SOURCEMAPS=1. The manifest (dist/.vite, never served) tells the bundle size check which files each
  // first page loads (scripts/check-bundle-size.ts).
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: false,
  },
});
