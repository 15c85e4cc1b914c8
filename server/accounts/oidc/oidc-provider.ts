import * as oidc from 'openid-client';
import { z } from 'zod';
import { LIMITS } from '../../../contracts/index.js';
import type { OidcConfig } from '../../config.js';
import { unavailable } from '../../http/errors.js';
import type { VerifiedIdentity } from '../accounts.service.js';

/** What one sign-in must carry from its start to its callback, kept in the browser's own cookie. */
export const flowSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  codeVerifier: z.string(),
  /** An invite's secret, when the sign-in began on an invite page. */
  invite: z.string().optional(),
});
export type OidcFlow = z.infer<typeof flowSchema>;

/** An e-mail claim as sign-up would take it (contracts' limits); anything else counts as none. */
const claimedEmail = z.email().max(LIMITS.email);

/**
 * The OpenID provider named by OIDC_ISSUER, through openid-client: the authorization code flow with PKCE
 * (S256), `state` and `nonce` (RFC 9700 §2.1.1, OIDC Core §3.1.2.1), the ID token's signature, issuer,
 * audience and nonce checked by the library. The provider's metadata is discovered on first use and kept;
 * a provider that cannot be reached then is asked again at the next sign-in.
 */
export class OidcProvider {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    private readonly settings: OidcConfig,
    private readonly redirectUri: string,
  ) {}

  async start(invite?: string): Promise<{ url: string; flow: OidcFlow }> {
    const configuration = await this.discovered();
    const flow: OidcFlow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      invite,
    };
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.codeVerifier),
      code_challenge_method: 'S256',
      state: flow.state,
      nonce: flow.nonce,
    });
    return { url: url.href, flow };
  }

  /** The identity the provider vouches for, once the code is exchanged and the ID token checked. */
  async finish(callbackUrl: URL, flow: OidcFlow): Promise<VerifiedIdentity> {
    const configuration = await this.discovered();
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The provider answered without an ID token');
    // Providers may leave the e-mail, or whether they verified it, out of the ID token and give them at
    // the UserInfo endpoint (OIDC Core §5.3).
    const complete = typeof idClaims.email === 'string' && typeof idClaims.email_verified === 'boolean';
    const claims = complete
      ? idClaims
      : { ...idClaims, ...(await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)) };
    const email = claimedEmail.safeParse(
      typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null,
    );
    return {
      issuer: configuration.serverMetadata().issuer,
      subject: idClaims.sub,
      email: email.success ? email.data : null,
      emailVerified: claims.email_verified === true,
      name: typeof claims.name === 'string' ? claims.name.trim().slice(0, LIMITS.name) || null : null,
    };
  }

  private discovered(): Promise<oidc.Configuration> {
    this.configuration ??= oidc
      .discovery(
        new URL(this.settings.issuer),
        this.settings.clientId,
        this.settings.clientSecret,
        undefined,
        // An http:// issuer is the operator's own choice (a provider on the same host or in a test);
        // openid-client refuses plain HTTP unless told.
        this.settings.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err: unknown) => {
        this.configuration = null;
        throw Object.assign(unavailable('The identity provider cannot be reached; try again later'), {
          cause: err,
        });
      });
    return this.configuration;
  }
}
