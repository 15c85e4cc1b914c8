import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  dev?: boolean;
  engines?: { node?: string } | string[];
}
interface Lockfile {
  packages: Record<string, LockedPackage>;
}
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8')) as Lockfile;

const nodeRange = (pkg: LockedPackage | undefined) =>
  Array.isArray(pkg?.engines) ? undefined : pkg?.engines?.node;

/** The oldest Node a person may bring to run the app (the project's own "engines"). */
const OLDEST_NODE = semver.minVersion(nodeRange(lock.packages['']) ?? '')?.version ?? '';
/** The Node every npm script, test and CI run uses: the pinned `node` package's binary. */
const PINNED_NODE = lock.packages['node_modules/node']?.version ?? '';

const unsupported = (packages: [string, LockedPackage][], node: string) =>
  packages.flatMap(([path, pkg]) => {
    const range = nodeRange(pkg);
    return range && !semver.satisfies(node, range) ? [`${path}@${pkg.version} needs node ${range}`] : [];
  });

describe('dependencies', () => {
  const installed = Object.entries(lock.packages).filter(([path]) => path !== '');

  it('runs on the pinned Node, a supported release (22 or later), whatever the machine has', () => {
    expect(process.versions.node).toBe(PINNED_NODE);
    expect(semver.major(process.versions.node)).toBeGreaterThanOrEqual(22);
  });

  it(`needs at least Node ${OLDEST_NODE} of people who bring their own, and every package the app runs with supports it`, () => {
    expect(OLDEST_NODE).toBe('22.12.0');
    expect(
      unsupported(
        installed.filter(([, pkg]) => !pkg.dev),
        OLDEST_NODE,
      ),
    ).toEqual([]);
  });

  it('has every package for building and testing support the pinned Node', () => {
    expect(unsupported(installed, PINNED_NODE)).toEqual([]);
  });
});
