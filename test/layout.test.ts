import { existsSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');
const SOURCE_TREES = ['server', 'web/src', 'extension/src', 'ui', 'contracts', 'bench'];

function testFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * What a test covers is found by its name (DESIGN.md "Layout": tests sit beside what they test):
 * `links.service.test.ts` tests links.service.ts and `links.routes.rate-limit.test.ts` one aspect of
 * links.routes.ts; a test of a folder's files together is named after the folder
 * (`formats/formats.csv.test.ts`). Suites of the whole app live in test/.
 */
function coveredSource(testPath: string): string | undefined {
  const dir = dirname(testPath);
  const parts = basename(testPath)
    .replace(/\.test\.tsx?$/, '')
    .split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const stem = parts.slice(0, length).join('.');
    const source = ['.ts', '.tsx']
      .map((ext) => join(dir, stem + ext))
      .find((path) => existsSync(join(ROOT, path)));
    if (source) return source;
  }
  return parts[0] === basename(dir) ? dir : undefined;
}

describe('test layout', () => {
  it('every test beside the code names the file or folder it tests', () => {
    const files = SOURCE_TREES.flatMap(testFiles);
    expect(files.length).toBeGreaterThan(80);
    expect(files.filter((path) => !coveredSource(path))).toEqual([]);
  });
});
