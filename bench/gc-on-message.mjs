// Preloaded into the server a benchmark runs (bench/app-process.ts), answering the bench's questions over
// IPC: 'gc' runs a full garbage collection (needs --expose-gc), so that "memory before" is the server's
// live memory; 'memory' answers process.memoryUsage() (the main thread's V8 heap, not the parser threads').
import process from 'node:process';

process.on('message', (message) => {
  if (message === 'gc') {
    globalThis.gc?.();
    process.send?.('gc done');
  } else if (message === 'memory') process.send?.({ memory: process.memoryUsage() });
});
