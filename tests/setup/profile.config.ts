import base from '../../vitest.config.ts';

/**
 * `npm run test:profile -- <files>`: the suite as `npm test` runs it (no coverage), each test
 * worker writing a V8 CPU profile to test-results/profiles/ (open one in Chrome's DevTools, or sum
 * them with scripts/profile-summary.ts). Where the workers' CPU goes, file by file.
 */
const dir = process.env.PROFILE_DIR ?? 'test-results/profiles';
const projects = (base.test?.projects ?? []) as { test: { execArgv?: string[] } }[];
for (const project of projects)
  project.test.execArgv = ['--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=2000'];

export default base;
