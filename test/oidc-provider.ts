import { generateKeyPairSync } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { afterAll, beforeAll } from 'vitest';

export interface IdentityClaims {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in, by the login typed at the provider's sign-in form (their subject). */
  accounts: Map<string, IdentityClaims>;
  /** Registers Linkvault at `origin` as the client, its callback the only redirect URI allowed. */
  allow(origin: string): void;
}

/**
 * A real OpenID provider (oidc-provider, the certified implementation) on 127.0.0.1, with its own
 * development sign-in and consent pages: any login signs in as that subject. Its port is known before the
 * app is built (the app's configuration names the issuer); the client, whose redirect URI names the app's
 * own address, is registered once that is known too.
 */
export function useOidcProvider(): TestOidcProvider {
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  let server: Server;
  let handler: ReturnType<Provider['callback']> | null = null;
  const idp: TestOidcProvider = {
    issuer: '',
    clientId: 'linkvault-test',
    clientSecret: 'a-client-secret-only-the-test-knows',
    accounts: new Map(),
    allow(origin) {
      const provider = new Provider(idp.issuer, {
        clients: [
          {
            client_id: idp.clientId,
            client_secret: idp.clientSecret,
            redirect_uris: [`${origin}/api/auth/oidc/callback`],
            grant_types: ['authorization_code'],
            response_types: ['code'],
          },
        ],
        // Keys of its own, as a real provider has (the library's built-in ones are for quick starts).
        jwks: { keys: [{ ...signingKey.export({ format: 'jwk' }), kid: 'test', alg: 'RS256', use: 'sig' }] },
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        pkce: { required: () => true },
        findAccount: (_ctx, sub) => ({
          accountId: sub,
          claims: () => ({ sub, ...idp.accounts.get(sub) }),
        }),
      });
      handler = provider.callback();
    },
  };
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (handler) return void handler(req, res);
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    idp.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return idp;
}
