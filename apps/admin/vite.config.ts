import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../web/vite-precompress.js';

/** The staff console: its own build under /admin, so the shop's first load never carries antd (ADR 0020). */
export default defineConfig({
  base: '/admin/',
  plugins: [react(), precompress()],
  build: { outDir: 'dist', target: 'es2020', sourcemap: false, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/healthz': 'http://localhost:8080' },
  },
});
