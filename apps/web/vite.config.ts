/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The Node server serves dist/ on the same origin as the API and the identity
// provider, so the dev server proxies those paths to it (PORT 8080 by default).
const serverOrigin = process.env.SRO_SERVER ?? 'http://localhost:8080';
const proxied = ['/realms', '/admin/realms', '/app-config.json', '/sro.', '/v1', '/healthz'];

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser we support has native modulepreload; the polyfill is dead weight.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: serverOrigin, changeOrigin: false }])),
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    css: false,
  },
});
