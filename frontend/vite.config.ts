/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const schemas = fileURLToPath(new URL('../schemas', import.meta.url));
const backend = process.env.SOAPBENCH_BACKEND_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The message and workload schemas, written once at the repository's root: the submit form
      // reads the workload's defaults and bounds from it.
      '@schemas': schemas,
    },
  },
  server: {
    fs: { allow: ['.', schemas] },
    proxy: { '/api': { target: backend, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: backend, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The chart chunk (ECharts) is loaded lazily, only on pages with results.
    chunkSizeWarningLimit: 600,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    restoreMocks: true,
    testTimeout: 20_000,
    // One jsdom per worker, not per file: building it for each of 70 files took 60 of the suite's
    // 200 s here. setup-tests.ts unmounts, clears storage and restores mocks after every test, so
    // no test leaves state for the next file.
    isolate: false,
  },
});
