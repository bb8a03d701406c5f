import { defineConfig } from 'vitest/config';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { apolloTransitionUpdates } from './client/apollo-transition-updates';
import { babelPlugins } from './client/babel-plugins';
import LongestFirst from './tests/setup/sequencer';

/**
 * Files run side by side in this many worker processes, all three projects in one pool. Most
 * test files wait (on PostgreSQL, timers, a browser, a fake's rate limit) far more than they
 * compute, so more workers than the machine's two cores keep both busy; the profile and the
 * figures are in docs/development.md. `TEST_WORKERS` overrides it.
 */
const workers = Number(process.env.TEST_WORKERS) || 3;

// Three projects: server integration (real PostgreSQL), client components (jsdom),
// end-to-end (real server, real Chromium). `npm test` runs them all and prints where the time
// went (tests/setup/timing-reporter.ts).
export default defineConfig({
  test: {
    maxWorkers: workers,
    reporters: ['default', './tests/setup/timing-reporter.ts'],
    // Longest files first (tests/setup/durations.json), so no long file starts last.
    sequence: { sequencer: LongestFirst },
    // `npm run test:coverage` measures coverage (v8, from the code as it runs): the summary is
    // printed at the end; the figures are compared in docs/development.md. Code the suite runs in
    // child processes (the fault suite's server, the simulator) is not counted. `npm test` (what
    // CI runs) leaves it out: it cost about a fifth of the suite's CPU.
    coverage: {
      provider: 'v8',
      include: ['server/**/*.{ts,tsx}', 'client/**/*.{ts,tsx}'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'test-results/coverage',
      // The figure is printed when a test failed too (vitest leaves it out by default).
      reportOnFailure: true,
    },
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
          isolate: false,
        },
      },
      {
        // Apollo's hooks as the build makes them (client/apollo-transition-updates.ts): Apollo is
        // bundled into the tests instead of loaded from node_modules, so the plugin reaches it.
        plugins: [react({ babel: (id) => babelPlugins(id) }), lingui(), apolloTransitionUpdates()],
        test: {
          name: 'client',
          server: { deps: { inline: [/@apollo[\\/]client/] } },
          environment: 'jsdom',
          include: ['client/**/*.test.{ts,tsx}', 'showcase/**/*.test.ts'],
          setupFiles: ['tests/setup/jsdom.ts'],
          // A component test that renders a page of Chakra rows takes a few seconds alone and
          // far longer when another test run shares the two cores.
          testTimeout: 60_000,
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
          isolate: false,
          // Waits for a page's state (expect.poll) last as long as a busy machine needs (default 1 s).
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
        },
      },
    ],
  },
});
