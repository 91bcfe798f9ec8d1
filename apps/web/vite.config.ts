import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress.js';

/**
 * What the first screens load after the entry, in a few files rather than a dozen (ADR 0015): the server speaks
 * HTTP/1.1, six connections at a time, so every extra small file on the first screen costs a round trip on a phone.
 * - screen-base: the query cache (TanStack Query, the query layout) and the pieces every list screen shares (tab bar,
 *   cart badge, paged list, carousel, money text, the purchase gate); loaded by /home and nearly every other screen.
 * - screen-parts: what /detail and the order screens share (page state, checkout, countdown, exchange cost).
 * Dependencies are not pulled into a group (includeDependenciesRecursively: false), so the entry keeps React, the
 * router and the api client and /login loads neither group; the bench (bench/first-screens.mjs) lists the files.
 */
const FIRST_SCREEN_GROUPS = [
  {
    name: 'screen-base',
    test: /node_modules[\\/]@tanstack[\\/]|@oxc-project.runtime.*[\\/]helpers[\\/]esm[\\/](classPrivate|assertClassBrand|checkPrivateRedeclaration)|apps[\\/]web[\\/]src[\\/](app[\\/](query-layout|tab-bar)|lib[\\/](query|cart-count|money|agent-gate)|components[\\/](paged-list|paged-list-view|list-gestures|carousel))\.|packages[\\/]contract[\\/]src[\\/](fen|agent-gate)\./,
  },
  {
    name: 'screen-parts',
    test: /apps[\\/]web[\\/]src[\\/](components[\\/](page-state|exchange-cost)|lib[\\/](checkout|picked-address|countdown))\.|packages[\\/]contract[\\/]src[\\/](china-time|activity-state)\./,
  },
];

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: { output: { codeSplitting: { includeDependenciesRecursively: false, groups: FIRST_SCREEN_GROUPS } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/dev': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
