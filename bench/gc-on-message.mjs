// Preloaded into the server a benchmark runs (bench/app-process.ts): a full garbage collection when the
// bench asks, so that "memory before" is the server's live memory. Needs --expose-gc.
import process from 'node:process';

process.on('message', (message) => {
  if (message !== 'gc') return;
  globalThis.gc?.();
  process.send?.('gc done');
});
