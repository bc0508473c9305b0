/// <reference types="vitest/config" />
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The Node server serves dist/ on the same origin as the API and the identity
// provider, so the dev server proxies those paths to it (PORT 8080 by default).
const serverOrigin = process.env.SRO_SERVER ?? 'http://localhost:8080';
const proxied = ['/realms', '/admin/realms', '/app-config.json', '/sro.', '/v1', '/healthz'];

// React Router 7 exports only its development build (warnings on; remix-run/react-router#14102), and its
// module-level `forwardRef(...)` calls and `X.displayName = ...` writes count as side effects, so Form, NavLink and
// their helpers stay in the entry chunk although nothing uses them. Production builds use its production build
// and mark those as droppable: −2.3 kB gzip on the landing route (docs/performance.md).
const reactRouterDist = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist');
const reactRouterTreeShaking: Plugin = {
  name: 'sro:react-router-tree-shaking',
  apply: 'build',
  transform: {
    filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]/ },
    handler(code) {
      const shaken = code.replace(/^\s*[\w$]+\.displayName = "[^"]*";$/gm, '').replace(/= (React\d*\.forwardRef\()/g, '= /* @__PURE__ */ $1');
      return { code: shaken, map: null };
    },
  },
};

// The browser speaks gRPC-web in protobuf's binary format only (src/lib/rpc/transport.ts), but Connect's client
// serializers pick binary or JSON at run time, so the JSON codec (fromJson/toJson and their helpers) ships unused.
// The build swaps the JSON branch for an error; nothing is bundled that a call could take (docs/performance.md).
const connectSerialization = /[\\/]@connectrpc[\\/]connect[\\/]dist[\\/]esm[\\/]protocol[\\/]serialization\.js$/;
const connectBinaryOnly: Plugin = {
  name: 'sro:connect-binary-only',
  apply: 'build',
  transform: {
    filter: { id: connectSerialization },
    handler(code) {
      const json = /: createJsonSerialization\(method\.(input|output), jsonOptions\)/g;
      if ((code.match(json) ?? []).length !== 2) throw new Error('sro:connect-binary-only: Connect changed its client serializers; revisit the plugin');
      const binaryOnly = `: (() => { throw new Error('the browser build speaks protobuf binary only'); })()`;
      return { code: code.replace(json, binaryOnly), map: null };
    },
  },
};

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: join(reactRouterDist, 'production', 'index.mjs') }] : [],
  },
  plugins: [react(), tailwindcss(), reactRouterTreeShaking, connectBinaryOnly],
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
    // A limit that only catches hangs: on a busy two-core machine a dialog test with many steps outlasts the default.
    testTimeout: 60_000,
  },
}));
