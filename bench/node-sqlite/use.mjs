/**
 * Preload (node --import) that answers `better-sqlite3` with bench/node-sqlite/better-sqlite3.mjs: the
 * app then runs on Node's built-in SQLite, unchanged, for `npm run bench` to compare the two drivers.
 */
import { registerHooks } from 'node:module';

const SHIM = import.meta.resolve('./better-sqlite3.mjs');

registerHooks({
  resolve(specifier, context, nextResolve) {
    return specifier === 'better-sqlite3'
      ? { url: SHIM, shortCircuit: true }
      : nextResolve(specifier, context);
  },
});
