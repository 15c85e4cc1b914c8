import { buildApp, buildServices } from './app.js';
import { loadConfig } from './config.js';
import { startDatabase } from './db/startup.js';
import { DatabaseUnusableError } from './db/unusable.js';
import { createLogger } from './logging/logger.js';

const TOKEN_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Reads config, opens, checks and migrates the database (db/startup.ts), then runs its role: `web` serves
 * HTTP and runs WORKERS enrichment workers; `worker` runs workers only (README "Extra worker processes").
 * SIGTERM and SIGINT finish the requests in flight, put the jobs in hand back in the queue for another
 * process (waiting for a page that never answers held shutdown for 10 s), then close the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, config.logFormat);
  const database = await startDatabase(config.databaseUrl, config.databaseTimeouts);
  const services = buildServices({ config, database, logger });

  if (config.role === 'worker' && database.dialect === 'sqlite') {
    logger.warn('ROLE=worker on SQLite: SQLite serves one process; prefer the web process workers');
  }
  const app = config.role === 'web' ? await buildApp({ config, database, logger }, services) : null;

  const purge = setInterval(() => {
    Promise.all([services.accounts.purgeExpiredTokens(), services.oauth.tokens.purgeExpired()]).catch(
      (err: unknown) => logger.warn({ err }, 'token purge failed'),
    );
  }, TOKEN_PURGE_INTERVAL_MS);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight, putting jobs in hand back');
    clearInterval(purge);
    await app?.close();
    await services.close();
    await database.close();
    logger.info('stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await services.start(config.workers);
  if (app) {
    await app.listen({ port: config.port, host: config.host });
    logger.info(
      { url: config.publicUrl, database: database.dialect, workers: config.workers },
      'Linkvault is ready',
    );
  } else {
    logger.info({ database: database.dialect, workers: config.workers }, 'Linkvault worker is running');
  }
}

main().catch((err: unknown) => {
  // The operator's to fix, and its message says how: a stack trace would only bury it.
  console.error(err instanceof DatabaseUnusableError ? `Linkvault cannot start: ${err.message}` : err);
  process.exit(1);
});
