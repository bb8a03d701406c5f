import { BUILD_STATE_FILE, PRODUCT_STEPS, ROOT, runSteps } from '../../scripts/build.ts';

/**
 * E2E tests run against the built client: its steps of `npm run build` (scripts/build.ts) run
 * when their sources changed since the last build (the fingerprints in dist/.build-state.json),
 * so a run after `npm run build`, or after an earlier test run, builds nothing.
 */
export default function buildClient(): void {
  const { built } = runSteps(ROOT, PRODUCT_STEPS, {
    stateFile: BUILD_STATE_FILE,
    only: ['client', 'compress'],
    log: (line) => console.log(line.replace('[build]', '[client-build]')),
  });
  console.log(
    `[client-build] ${built.length ? `built ${built.join(', ')}` : 'dist/client is up to date, not rebuilding'}`,
  );
}
