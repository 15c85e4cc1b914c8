import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 200;

/**
 * The thread's whole program (CommonJS, run with `eval`, so it needs no file of its own in the build or
 * under the test runner). A checkpoint writes the WAL back into the database and syncs both files: with
 * the fsyncs it took 7-40 ms, and up to 130 ms when other programs loaded the disk. Here it blocks only
 * this thread. PASSIVE never waits for the app's connection and never makes it wait.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true });
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    parentPort.postMessage(String(err && err.message));
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * Checkpoints the SQLite database at `path` from a thread of its own; returns what stops it. `onFailure`
 * is called if the thread dies.
 */
export function startWalCheckpointer(path: string, onFailure: (err: Error) => void): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(PROGRAM, {
    eval: true,
    // Plain CommonJS: none of the process's flags (a TypeScript loader, --input-type) applies to it.
    execArgv: [],
    workerData: { path, driver, intervalMs: INTERVAL_MS },
  });
  worker.on('message', (message) => console.warn(`database checkpoint failed: ${String(message)}`));
  worker.on('error', onFailure);
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return async () => {
    // Held again while it closes its connection: an unreferenced thread would not keep the process
    // waiting for it, and a closing process could end before the database is closed.
    worker.ref();
    worker.postMessage('stop');
    await exited;
  };
}
