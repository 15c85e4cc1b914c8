import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

/** The values of `key=` lines of a unit file, in order. */
const unitValues = (unit: string, key: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));

describe('deploy/linkvault.service', () => {
  const unit = readFileSync(join(ROOT, 'deploy/linkvault.service'), 'utf8');
  const serve = (
    JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }
  ).scripts.serve;

  // README "Memory": the settings that keep the server under 300 MB are the serve script's; the unit starts
  // the server the same way, or a service would run without them.
  it("starts the server as package.json's serve script does, on the pinned Node", () => {
    const words = serve.trim().split(/\s+/);
    const nodeAt = words.indexOf('node');
    const environment = words.slice(0, nodeAt);
    expect(unitValues(unit, 'Environment')).toEqual(expect.arrayContaining(environment));
    const [execStart] = unitValues(unit, 'ExecStart');
    expect(execStart).toBe(['/opt/linkvault/node_modules/.bin/node', ...words.slice(nodeAt + 1)].join(' '));
  });

  it('stops with SIGTERM, which finishes requests and hands jobs back (server/main.ts)', () => {
    expect(unitValues(unit, 'KillSignal')).toEqual(['SIGTERM']);
    expect(unitValues(unit, 'ReadWritePaths')).toEqual(['/opt/linkvault/data']);
  });
});
