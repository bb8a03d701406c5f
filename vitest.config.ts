import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { apolloTransitionUpdates } from './client/apollo-transition-updates';

// Three projects: server integration (real PostgreSQL), client components (jsdom),
// end-to-end (real server, real Chromium). `npm test` runs them all.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
          globalSetup: ['tests/setup/database.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        // Apollo's hooks as the build makes them (client/apollo-transition-updates.ts): Apollo is
        // bundled into the tests instead of loaded from node_modules, so the plugin reaches it.
        plugins: [react(), apolloTransitionUpdates()],
        test: {
          name: 'client',
          server: { deps: { inline: [/@apollo[\\/]client/] } },
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}', 'showcase/**/*.test.ts'],
          setupFiles: ['tests/setup/jsdom.ts'],
          testTimeout: 30_000,
          // expect.poll waits for the state as long as a busy machine needs (default 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/database.ts', 'tests/setup/client-build.ts'],
          testTimeout: 90_000,
          hookTimeout: 180_000,
          // Waits for a page's state (expect.poll) last as long as a busy machine needs (default 1 s).
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
