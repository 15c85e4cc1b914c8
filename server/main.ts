import cluster from 'node:cluster';
import { buildApp, buildServices } from './app.js';
import { type Config, loadConfig } from './config.js';
import { dialectOf } from './db/database.js';
import { startDatabase } from './db/startup.js';
import { DatabaseUnusableError } from './db/unusable.js';
import { createLogger } from './logging/logger.js';
import { runWebCluster } from './processes/web-cluster.js';

const TOKEN_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Reads config, opens, checks and migrates the database (db/startup.ts), then runs its role: `web` serves
 * HTTP and runs WORKERS enrichment workers; `worker` runs workers only (README "Extra worker processes").
 * With WEB_PROCESSES set on PostgreSQL this process is the primary of that many web processes, each of
 * which runs this file again as a process of its own (processes/web-cluster.ts).
 * SIGTERM and SIGINT finish the requests in flight, put the jobs in hand back in the queue for another
 * process (waiting for a page that never answers held shutdown for 10 s), then close the database.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel, config.logFormat);
  if (cluster.isPrimary && servesManyProcesses(config, logger)) return runWebCluster(config, logger);
  const database = await startDatabase(
    config.databaseUrl,
    config.databaseTimeouts,
    config.databasePoolSize ?? undefined,
  );
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

  const stop = async (signal: string) => {
    logger.info({ signal }, 'shutting down: finishing requests in flight, putting jobs in hand back');
    clearInterval(purge);
    await app?.close();
    await services.close();
    await database.close();
    logger.info('stopped');
  };
  // A second signal waits for the shutdown under way: a web process of many gets the signal both from its
  // primary and from the terminal's Ctrl-C (or systemd, which signals every process of the service), and
  // the second must not cut its shutdown short.
  let stopping: Promise<void> | null = null;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping ??= stop(signal).then(
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
      // One of many says so for itself; their primary says when the server is ready.
      cluster.isWorker ? 'web process is ready' : 'Linkvault is ready',
    );
  } else {
    logger.info({ database: database.dialect, workers: config.workers }, 'Linkvault worker is running');
  }
}

/** Whether WEB_PROCESSES asks for forked web processes and this database can serve them; says when not. */
function servesManyProcesses(config: Config, logger: ReturnType<typeof createLogger>): boolean {
  if (config.role !== 'web' || config.webProcesses === null) return false;
  if (dialectOf(config.databaseUrl) === 'postgres') return true;
  if (config.webProcesses > 1) {
    logger.warn(
      `SQLite serves one process: WEB_PROCESSES=${config.webProcesses} ignored; use PostgreSQL to scale out`,
    );
  }
  return false;
}

main().catch((err: unknown) => {
  // The operator's to fix, and its message says how: a stack trace would only bury it.
  console.error(err instanceof DatabaseUnusableError ? `Linkvault cannot start: ${err.message}` : err);
  process.exit(1);
});
