import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const INTERVAL_MS = 200;
/**
 * 16 MB of WAL: four times what SQLite's own automatic checkpoint lets grow (1,000 frames). Saves keep the
 * WAL well under it, starting it over by themselves; large writes (a bulk action, an import) pass it.
 */
const RESTART_AFTER_FRAMES = 4096;

/**
 * The thread's whole program (CommonJS, run with `eval`, so it needs no file of its own in the build or
 * under the test runner). A checkpoint writes the WAL back into the database and syncs both files: with
 * the fsyncs it took 7-40 ms, and up to 130 ms when other programs loaded the disk. Here it blocks only
 * this thread. PASSIVE never waits for the app's connection and never makes it wait.
 *
 * SQLite writes the WAL from its start again only when a write begins with every frame copied and no
 * copy under way. Under a run of large writes (bulk deletes of 1,000 links, 60 MB of WAL each, and the FTS
 * merges between them) a copy took about as long as a write, frames kept arriving during it, that moment
 * never came: the WAL grew past a gigabyte and each delete took twice as long as the first
 * (BENCHMARKS "Organising: bulk actions"). So once a copy has reached the end of a long WAL as it stood,
 * a RESTART checkpoint holds the write lock to copy what came meanwhile, a few frames, and leaves the WAL
 * to be started over by the next write. It has no busy wait (busy_timeout 0): when the app is writing or
 * reading it gives up at once, and a write of the app's waits for it only while those few frames copy.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path, { fileMustExist: true, timeout: 0 });
const timer = setInterval(() => {
  try {
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)');
    if (copied.log >= workerData.restartAfterFrames && copied.checkpointed === copied.log)
      db.pragma('wal_checkpoint(RESTART)');
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
    workerData: { path, driver, intervalMs: INTERVAL_MS, restartAfterFrames: RESTART_AFTER_FRAMES },
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
