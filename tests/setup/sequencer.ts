import { readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');
const DURATIONS = resolve(import.meta.dirname, 'durations.json');

/** The order of the projects: the browser files (the longest) first, the short jsdom ones last. */
const PROJECTS = ['e2e', 'server', 'client'];

/**
 * Project by project, longest files first within each: a worker runs the files of one project
 * one after another in the same process (isolate: false, vitest.config.ts), so it imports the
 * server once, not again at each switch; the long files start early and the short ones fill
 * the end. The durations come from a past run (tests/setup/durations.json, `npm run
 * test:durations` after `npm test`), as a clean clone has no vitest cache; a file not listed
 * there (a new one) goes first in its project, as it may be long; ties by size.
 */
export default class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    let known: Record<string, number> = {};
    try {
      known = JSON.parse(readFileSync(DURATIONS, 'utf8'));
    } catch {
      return super.sort(files);
    }
    const key = (f: TestSpecification) => `${f.project.name}:${relative(root, f.moduleId)}`;
    const size = (f: TestSpecification) => statSync(f.moduleId).size;
    const weight = (f: TestSpecification) => known[key(f)] ?? Number.POSITIVE_INFINITY;
    const project = (f: TestSpecification) => {
      const i = PROJECTS.indexOf(f.project.name);
      return i < 0 ? PROJECTS.length : i;
    };
    return [...files].sort((a, b) => project(a) - project(b) || weight(b) - weight(a) || size(b) - size(a));
  }
}
