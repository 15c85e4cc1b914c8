import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createLogger } from '../server/logging/logger.js';

/** Where every server the tests run logs; emptied when a run starts, checked when it ends (log-check.ts). */
export const LOG_DIR = join(import.meta.dirname, '..', 'test-logs');

let logger: FastifyBaseLogger | undefined;

/**
 * This test process's logger for the servers it builds: info and up (a line per request, every warning
 * and error) as JSON lines in its own file, so processes never interleave. Written synchronously: a test
 * process ends when its files are done, and lines still buffered would be lost to the check.
 */
export function testLogger(): FastifyBaseLogger {
  logger ??= createLogger(
    'info',
    'json',
    pino.destination({ dest: join(LOG_DIR, `${process.pid}.log`), mkdir: true, append: true, sync: true }),
  );
  return logger;
}

/** What a server the tests ran as its own process (server/main.ts) printed, kept for the check. */
export function keepProcessLog(name: string, output: string): void {
  mkdirSync(LOG_DIR, { recursive: true });
  appendFileSync(join(LOG_DIR, `${name}-${process.pid}.log`), output);
}
