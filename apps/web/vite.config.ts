import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './vite-precompress.js';

export default defineConfig({
  plugins: [react(), precompress()],
  build: { outDir: 'dist', target: 'es2020', sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8080', ws: true }, '/dev': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
