import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';

/** The machine a benchmark ran on, printed beside its figures (DESIGN.md "Tests and measurements"). */
export function machine(): string {
  const cpus = os.cpus();
  const memoryGb = Math.round(os.totalmem() / 2 ** 30);
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  return (
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${memoryGb} GB RAM, ` +
    `${os.type()} ${os.release()}, Node ${process.version}; load average at start ${load}`
  );
}

/** Writes a run's figures to bench/results/<name>-<time>.json (kept out of git); answers the file's path. */
export function saveResults(name: string, results: unknown): string {
  const dir = new URL('./results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${name}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`, dir);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return file.pathname;
}
