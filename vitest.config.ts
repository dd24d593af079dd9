import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{domain,db,mail,map,api,workers,pwa,tests}/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/generated/**'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
  },
});
