import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

export interface Person {
  email: string;
  password: string;
}

/** What came back to the client's redirect URI. */
export interface Callback {
  code: string | null;
  state: string | null;
  iss: string | null;
  error: string | null;
}

/**
 * The storage and user-agent part of an MCP client (the SDK's OAuthClientProvider); the SDK itself does
 * discovery, registration, PKCE, the code exchange and refreshes. Where a real client would open a
 * browser, this one does what the person does in Linkvault's pages, through the same JSON calls the pages
 * make (SPEC.md §4 and §7): sign in, tie the request to the user, resume, and approve on the consent screen.
 */
export class PersonAtTheKeyboard implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1/callback';
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'SDK acceptance client',
    redirect_uris: [this.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  /** When false, the person is away: an authorization is only recorded, never completed. */
  present = true;
  authorizationUrls: URL[] = [];
  consentScreens = 0;
  callback: Callback | null = null;

  private client: OAuthClientInformationMixed | undefined;
  private stored: OAuthTokens | undefined;
  private verifier = '';
  private expectedState = '';

  constructor(
    private readonly origin: string,
    private readonly person: Person,
  ) {}

  state(): string {
    this.expectedState = randomBytes(16).toString('base64url');
    return this.expectedState;
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery') {
    if (scope === 'all' || scope === 'client') this.client = undefined;
    if (scope === 'all' || scope === 'tokens') this.stored = undefined;
  }

  /** The code the last authorization brought back; the state must be the one this client sent. */
  code(): string {
    const { code, state, error } = this.callback ?? {};
    if (!code || error) throw new Error(`no code came back: ${JSON.stringify(this.callback)}`);
    if (state !== this.expectedState) throw new Error(`state ${state} is not the ${this.expectedState} sent`);
    return code;
  }

  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    this.authorizationUrls.push(authorizationUrl);
    this.callback = null;
    if (!this.present) return;
    const start = await fetch(authorizationUrl, { redirect: 'manual' });
    const loginPage = new URL(start.headers.get('location') ?? '', this.origin);
    if (start.status !== 302 || loginPage.pathname !== '/oauth/login') {
      throw new Error(`authorize answered ${start.status} ${loginPage.href}: ${await start.text()}`);
    }
    const sessionToken = loginPage.searchParams.get('session') ?? '';

    const session = await this.json<{ access_token: string; user: { id: string } }>(
      'POST',
      '/api/auth/login',
      null,
      {
        email: this.person.email,
        password: this.person.password,
      },
    );
    const bearer = session.access_token;
    await this.json('PATCH', '/api/oauth-authorize', bearer, {
      session_token: sessionToken,
      user_id: session.user.id,
    });
    const resumed = await this.json<{ redirect_url: string }>(
      'GET',
      `/api/oauth-authorize?session_token=${encodeURIComponent(sessionToken)}`,
      bearer,
    );
    let redirect = resumed.redirect_url;
    if (redirect.startsWith('/oauth/consent?')) {
      this.consentScreens += 1;
      redirect = (await this.approve(new URL(redirect, this.origin), bearer, session.user.id)).redirect_url;
    }
    const back = new URL(redirect);
    if (`${back.origin}${back.pathname}` !== this.redirectUrl) throw new Error(`sent to ${back.href}`);
    const param = (name: string) => back.searchParams.get(name);
    this.callback = { code: param('code'), state: param('state'), iss: param('iss'), error: param('error') };
  }

  /** The consent page's form (SPEC.md §7), filled from the consent URL, with "remember my choice" checked. */
  private approve(consent: URL, bearer: string, userId: string) {
    const q = (name: string) => consent.searchParams.get(name) ?? '';
    const form = new URLSearchParams({
      action: 'approve',
      client_id: q('client_id'),
      redirect_uri: q('redirect_uri'),
      response_type: q('response_type'),
      code_challenge: q('code_challenge'),
      code_challenge_method: q('code_challenge_method'),
      scopes: q('scope'),
      user_id: userId,
      remember_consent: 'true',
      state: q('state'),
      session_token: q('session_token'),
    });
    return this.json<{ redirect_url: string }>('POST', '/api/oauth-authorize', bearer, form);
  }

  private async json<T = unknown>(
    method: string,
    path: string,
    bearer: string | null,
    body?: Record<string, string> | URLSearchParams,
  ): Promise<T> {
    const res = await fetch(new URL(path, this.origin), {
      method,
      headers: {
        ...(bearer && { authorization: `Bearer ${bearer}` }),
        ...(body && !(body instanceof URLSearchParams) && { 'content-type': 'application/json' }),
      },
      body: body instanceof URLSearchParams ? body : body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}
