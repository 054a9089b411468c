import { defineConfig } from 'vitest/config';

const apiProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `api:${dialect}`,
    root: 'apps/api',
    include: ['test/**/*.test.ts'],
    env: { TEST_DIALECT: dialect },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['test/**/*.test.ts'] } },
      { test: { name: 'tools', root: 'scripts', include: ['**/*.test.mjs'] } },
      apiProject('sqlite'),
      // The same API suite on PostgreSQL whenever a server is given (CI always gives one).
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/testing/setup.ts'],
          // Lazy routes transform their module graph on first render; slow on a busy machine.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
