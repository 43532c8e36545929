import { defineConfig } from 'vitest/config';

// One discovery glob per package; no hand-kept test index.
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { conditions: ['source'] },
        test: { name: 'crds', root: 'crds', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'operator',
          root: 'operator',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'console/vite.config.ts',
      {
        resolve: { conditions: ['source'] },
        test: {
          name: 'e2e',
          root: 'test',
          globalSetup: ['globalSetup.ts'],
          include: ['**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
