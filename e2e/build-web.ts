import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

/**
 * The web app as the e2e tests and the web bench see it: `vite build` of web/ (the same config as
 * `npm run build`) into dist/e2e/web rather than dist/web, so a developer's own build or running server
 * never has its files replaced under it, and skipped while the sources are unchanged (a content hash,
 * not mtimes, so checkouts and touches do not force a rebuild).
 */

const ROOT = resolve(import.meta.dirname, '..');
const OUT = join(ROOT, 'dist', 'e2e', 'web');
const STAMP = join(ROOT, 'dist', 'e2e', 'web.hash');
const SOURCES = ['web', 'ui', 'contracts', 'package-lock.json'];

/** Builds the web app unless an up-to-date build exists; returns its directory. */
export function ensureWebBuild(): string {
  const hash = sourceHash();
  if (existsSync(join(OUT, 'index.html')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash)
    return OUT;
  const started = performance.now();
  // Built beside the target and swapped in, so a concurrent run never serves a half-written build.
  const temp = `${OUT}.${process.pid}`;
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      'web/vite.config.ts',
      '--logLevel',
      'warn',
      '--outDir',
      temp,
      '--emptyOutDir',
    ],
    // vitest runs with NODE_ENV=test, which Vite would pass on to the bundle: React would then ship its
    // development build (about 3x larger and slower). The app under test is the production build.
    { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  rmSync(OUT, { recursive: true, force: true });
  renameSync(temp, OUT);
  writeFileSync(STAMP, hash);
  console.log(
    `built the web app into ${relative(ROOT, OUT)} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return OUT;
}

/** A hash of every file the web build reads from the repository (its own sources, contracts, versions). */
function sourceHash(): string {
  const hash = createHash('sha256');
  const visit = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        visit(join(path, name));
      }
    } else if (!/\.test\.tsx?$/.test(path)) {
      hash.update(relative(ROOT, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const source of SOURCES) visit(join(ROOT, source));
  return hash.digest('hex');
}
