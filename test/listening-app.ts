import { type AddressInfo, createServer } from 'node:net';
import { beforeAll } from 'vitest';
import type { Config } from '../server/config.js';
import { type TestContext, useTestApp } from './app.js';

/** A port nothing listens on now, for a server whose address must be known before it is built. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * The test app listening on 127.0.0.1, with PUBLIC_URL equal to its real address: OAuth and MCP clients
 * check that the metadata they discover names the URL they called, so the port must be known before the
 * app is built. useTestApp reads its overrides in its own beforeAll, which runs after the one below.
 */
export function useListeningApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
): TestContext & { origin: string } {
  const config: Partial<Config> = {};
  beforeAll(async () => {
    // A function is read now: what it names (another server's address, say) may be known only now.
    Object.assign(config, typeof overrides === 'function' ? overrides() : overrides);
    config.port = await freePort();
    config.publicUrl = `http://127.0.0.1:${config.port}`;
  });
  const ctx = useTestApp(config) as TestContext & { origin: string };
  beforeAll(async () => {
    await ctx.app.listen({ port: config.port, host: '127.0.0.1' });
    ctx.origin = config.publicUrl ?? '';
  });
  return ctx;
}
