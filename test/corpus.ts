import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * ../shared/corpus (real files from other projects' test suites) sits beside the project on every machine
 * of ours and in CI. Without it the tests that read it are skipped with a warning, except in CI, where a
 * missing corpus is a failure: those tests are the proof that real exports import.
 */
export function corpusDir(...parts: string[]): string | null {
  const dir = resolve(import.meta.dirname, '..', '..', 'shared', 'corpus', ...parts);
  if (existsSync(dir)) return dir;
  if (process.env.CI) throw new Error(`the corpus is missing at ${dir}`);
  console.warn(`\n!! ${dir} is missing: its tests are skipped\n`);
  return null;
}

export const corpusFile = (dir: string, ...parts: string[]) => join(dir, ...parts);
