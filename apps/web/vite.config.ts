import { defineConfig, type Plugin } from 'vite';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { openingPreload } from './vite-opening-preload.js';
import { precompress } from './vite-precompress.js';

/**
 * What the first screens load after the entry, in a few files rather than a dozen (ADR 0015): the server speaks
 * HTTP/1.1, six connections at a time, so every extra small file on the first screen costs a round trip on a phone.
 * - query-layer: TanStack Query, the cache and the paged list's query (app/query-layer.ts); every screen but /login
 *   loads it before it renders, /home right after its first paint (ADR 0015, fifth pass).
 * - screen-base: the pieces every list screen shares (query layout, tab bar, cart badge, the paged list's view,
 *   carousel, money text, the purchase gate, the review gate and its pay-password prompt, the message bell); loaded by
 *   /home and nearly every other screen (ADR 0044: three small files fewer on /home's first screen).
 * - login-form: /login's form, loaded only when the page opens on /login (ADR 0044).
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
    test: /packages[\\/]contract[\\/]src[\\/](fen|agent-gate|china-time|activity-state|order-state)\./,
  },
  {
    // The query layer (app/query-layer.ts): every screen but /login needs it; /home loads it right after its first paint.
    name: 'query-layer',
    test: /node_modules[\\/]@tanstack[\\/]|@oxc-project.runtime.*[\\/]helpers[\\/]esm[\\/](classPrivate|assertClassBrand|checkPrivateRedeclaration)|apps[\\/]web[\\/]src[\\/](app[\\/]query-layer|lib[\\/]query)\.|apps[\\/]web[\\/]src[\\/]components[\\/]paged-list\.tsx/,
  },
  {
    name: 'screen-base',
    test: /apps[\\/]web[\\/]src[\\/](app[\\/](query-layout|tab-bar)|lib[\\/](cart-count|money|agent-gate|gate-review|pay-password-prompt)|components[\\/](paged-list-view|paged-list-ops|list-gestures|carousel|message-bell))\.|apps[\\/]web[\\/]src[\\/]components[\\/](paged-list|message-bell)\.css/,
  },
  {
    // /login's form (ADR 0044): one chunk, loaded at the start only when the page opens on /login, so /home does not
    // download it and /login does not wait on three small files.
    name: 'login-form',
    test: /apps[\\/]web[\\/]src[\\/](features[\\/]session[\\/]login-page|components[\\/]form-row|lib[\\/]validate)\./,
  },
  {
    name: 'screen-parts',
    test: /apps[\\/]web[\\/]src[\\/](components[\\/](page-state|exchange-cost)|lib[\\/](checkout|picked-address|countdown))\./,
  },
];

/**
 * React Router resolves to its development build under every condition; its production build differs only in
 * ENABLE_DEV_WARNINGS = false, which lets the minifier drop the warnings and their texts from the first screens'
 * entry (ADR 0044). Builds only: `vite` (dev) and the unit tests keep the warnings.
 */
const reactRouterProduction: Plugin = {
  name: 'react-router-production',
  apply: 'build',
  enforce: 'pre',
  resolveId(id) {
    return id === 'react-router' ? resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs') : null;
  },
};

export default defineConfig({
  plugins: [react(), openingPreload(), precompress(), reactRouterProduction],
  build: {
    outDir: 'dist',
    target: 'es2020',
    // No modulepreload polyfill in the entry: every browser the shop meets (WeChat's Chromium, iOS 17+ WebKit)
    // preloads modules itself, and one that does not still loads them on import, only without the head start.
    modulePreload: { polyfill: false },
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
