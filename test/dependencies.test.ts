import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  cpu?: string[];
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

/**
 * A build for 32-bit x86 alone (sharp's for 32-bit Windows names Node 20 only): Node has published no
 * 32-bit build since 23, and the pinned Node is 24, so Linkvault does not run there whatever it names.
 */
const only32BitX86 = (pkg: LockedPackage) => pkg.optional === true && pkg.cpu?.join() === 'ia32';

describe('dependencies', () => {
  const installed = Object.entries(lock.packages).filter(([path, pkg]) => path !== '' && !only32BitX86(pkg));

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
