import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The console is served by the operator from console/dist; in development `vite` proxies the
// API to a running `vigil serve` (VIGIL_DEV_API, default http://localhost:8080).
const api = process.env.VIGIL_DEV_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['source'] },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/k8s', '/metrics', '/healthz', '/readyz'].map((p) => [p, api]),
    ),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 4096,
  },
  test: {
    name: 'console',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A ceiling for a hung test, not the time one should take: user-event typing in jsdom takes
    // seconds when the suite shares 2 cores with PostgreSQL and the other projects, and the
    // 5 s default then fails tests that are merely slow.
    testTimeout: 20_000,
  },
});
