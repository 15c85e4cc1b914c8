import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Session } from '../contracts/index.js';
import { buildApp, buildServices, type Services } from '../server/app.js';
import { type Config, testConfig } from '../server/config.js';
import type { Database } from '../server/db/database.js';
import { freshDatabase } from './database.js';
import { testLogger } from './logs.js';
import { TEST_PASSWORD } from './credentials.js';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  services: Services;
}

/** One app on a fresh database for the whole test file, closed afterwards; it logs to test-logs/. */
export function useTestApp(
  overrides: Partial<Config> = {},
  logger: FastifyBaseLogger = testLogger(),
): TestContext {
  const ctx = {} as TestContext;
  let drop: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    const fresh = await freshDatabase();
    drop = fresh.drop;
    ctx.database = fresh.database;
    const deps = { config: testConfig(overrides), database: fresh.database, logger };
    ctx.services = buildServices(deps);
    ctx.app = await buildApp(deps, ctx.services);
    await ctx.services.start();
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.services?.close();
    await ctx.app?.close();
    await drop();
  });
  return ctx;
}

let counter = 0;
/** Each call makes a new account; addresses differ per call so per-address sign-up limits never interfere. */
export async function signUp(
  app: FastifyInstance,
  fields: { name?: string; email?: string; password?: string } = {},
): Promise<Session & { auth: { authorization: string } }> {
  counter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: `10.1.${Math.floor(counter / 250)}.${counter % 250}`,
    payload: {
      name: fields.name ?? `Person ${counter}`,
      email: fields.email ?? `person${counter}-${Date.now()}@example.com`,
      password: fields.password ?? TEST_PASSWORD,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const session = res.json<Session>();
  return { ...session, auth: { authorization: `Bearer ${session.access_token}` } };
}

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json<T>();
