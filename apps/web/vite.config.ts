import { defineConfig } from 'vite';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress.js';

/**
 * What the first screens load after the entry, in a few files rather than a dozen (ADR 0015): the server speaks
 * HTTP/1.1, six connections at a time, so every extra small file on the first screen costs a round trip on a phone.
 * - query-layer: TanStack Query, the cache and the paged list's query (app/query-layer.ts); every screen but /login
 *   loads it before it renders, /home right after its first paint (ADR 0015, fifth pass).
 * - screen-base: the pieces every list screen shares (query layout, tab bar, cart badge, the paged list's view,
 *   carousel, money text, the purchase gate); loaded by /home and nearly every other screen.
 * - screen-parts: what /detail and the order screens share (page state, checkout, countdown, exchange cost).
 * Dependencies are not pulled into a group (includeDependenciesRecursively: false), so the entry keeps React, the
 * router and the api client and /login loads neither group; the bench (bench/first-screens.mjs) lists the files.
 */
const FIRST_SCREEN_GROUPS = [
  {
    // The contract's plain helpers (no zod, no app code) that the first screens use: a chunk of their own, so the
    // consumer store (store.html, ADR 0038) can share them without loading screen-base, which imports the agents'
    // entry (React Router, the agents' app) and would start the agents' shop inside the store's page.
    name: 'contract-base',
    test: /packages[\\/]contract[\\/]src[\\/](fen|agent-gate|china-time|activity-state)\./,
  },
  {
    // The query layer (app/query-layer.ts): every screen but /login needs it; /home loads it right after its first paint.
    name: 'query-layer',
    test: /node_modules[\\/]@tanstack[\\/]|@oxc-project.runtime.*[\\/]helpers[\\/]esm[\\/](classPrivate|assertClassBrand|checkPrivateRedeclaration)|apps[\\/]web[\\/]src[\\/](app[\\/]query-layer|lib[\\/]query)\.|apps[\\/]web[\\/]src[\\/]components[\\/]paged-list\.tsx/,
  },
  {
    name: 'screen-base',
    test: /apps[\\/]web[\\/]src[\\/](app[\\/](query-layout|tab-bar)|lib[\\/](cart-count|money|agent-gate)|components[\\/](paged-list-view|paged-list-ops|list-gestures|carousel))\.|apps[\\/]web[\\/]src[\\/]components[\\/]paged-list\.css/,
  },
  {
    name: 'screen-parts',
    test: /apps[\\/]web[\\/]src[\\/](components[\\/](page-state|exchange-cost)|lib[\\/](checkout|picked-address|countdown))\./,
  },
];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // The agents' shop (index.html) and the consumer store /store/<shopId> (store.html, its own light entry: ADR 0038).
      input: { index: resolve(import.meta.dirname, 'index.html'), store: resolve(import.meta.dirname, 'store.html') },
      output: { codeSplitting: { includeDependenciesRecursively: false, groups: FIRST_SCREEN_GROUPS } },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/dev': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
