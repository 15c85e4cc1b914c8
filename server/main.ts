import { buildApp, buildServices } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';

const TOKEN_PURGE_INTERVAL_MS = 60 * 60 * 1000;

/** Reads config, opens and migrates the database, serves, and shuts down cleanly on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db, database.dialect);
  const services = buildServices({ database });
  const app = await buildApp({ config, database }, services);

  const purge = setInterval(() => {
    services.accounts
      .purgeExpiredTokens()
      .catch((err: unknown) => app.log.warn({ err }, 'token purge failed'));
  }, TOKEN_PURGE_INTERVAL_MS);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    clearInterval(purge);
    await app.close();
    await database.close();
    app.log.info('stopped');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stop(signal).then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  app.log.info({ url: config.publicUrl, database: database.dialect }, 'Linkvault is ready');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
