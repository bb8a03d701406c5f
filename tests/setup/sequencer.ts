import { readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = resolve(import.meta.dirname, '../..');
const DURATIONS = resolve(import.meta.dirname, 'durations.json');

/**
 * Longest files first, whatever their project: the workers start the files that take a minute
 * while the short ones fill the gaps, so the run does not end waiting on one long file started
 * last. The durations come from a past run (tests/setup/durations.json, `npm run
 * test:durations` after `npm test`), as a clean clone has no vitest cache; a file not listed
 * there (a new one) goes first, as it may be long; ties by size.
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
    return [...files].sort((a, b) => weight(b) - weight(a) || size(b) - size(a));
  }
}
