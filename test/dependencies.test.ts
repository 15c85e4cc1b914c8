import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as Lockfile;

/** The oldest Node the project supports (its own "engines"): every installed package must run on it. */
const ours = lock.packages[''];
const OLDEST_NODE = semver.minVersion(
  Array.isArray(ours?.engines) ? '' : (ours?.engines?.node ?? ''),
)?.version;

describe('dependencies', () => {
  it(`all declare support for Node ${OLDEST_NODE}`, () => {
    expect(OLDEST_NODE).toBe('20.19.0');
    const unsupported = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      const node = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      return node && !semver.satisfies(OLDEST_NODE ?? '', node)
        ? [`${path}@${pkg.version} needs node ${node}`]
        : [];
    });
    expect(unsupported).toEqual([]);
  });
});
