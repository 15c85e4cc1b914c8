import type { Folder, Link, Session, Snippet } from '../../../contracts/entities.js';
import type { ApiError } from '../../../contracts/errors.js';
import type { CreateLinkBody, CreateSnippetBody } from '../../../contracts/requests.js';
import { ExtensionError, OFFLINE, SIGNED_OUT } from '../shared/messages.js';

/**
 * The extension's session with one Linkvault server (API.md "Accounts and sessions"): the access token
 * lives about an hour and is refreshed shortly before it ends; the refresh token rotates on every use, and
 * using an old one revokes the session, so refreshes never overlap.
 */

export interface SignedIn {
  server: string;
  session: Session;
}

/** Where the session is kept: chrome.storage.local, which web pages cannot read. */
export interface SessionStore {
  load(): Promise<SignedIn | null>;
  save(value: SignedIn | null): Promise<void>;
}

/** SPEC.md §4: refresh begins 3 ticks of 30 seconds before the access token expires. */
const REFRESH_MARGIN_SECONDS = 90;

export class LinkvaultServer {
  private refreshing: Promise<SignedIn> | null = null;

  constructor(
    private readonly store: SessionStore,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  current(): Promise<SignedIn | null> {
    return this.store.load();
  }

  async signIn(server: string, email: string, password: string): Promise<SignedIn> {
    const session = await this.send<Session>(server, 'POST', '/api/auth/login', { email, password });
    const signedIn = { server, session };
    await this.store.save(signedIn);
    return signedIn;
  }

  /** Revokes the session on the server when it can be reached; forgets it here in any case. */
  async signOut(): Promise<void> {
    const current = await this.store.load();
    await this.store.save(null);
    if (!current) return;
    await this.send(current.server, 'POST', '/api/auth/logout', {
      refresh_token: current.session.refresh_token,
    }).catch(() => undefined);
  }

  /** A request as the signed-in user; a 401 is answered by one refresh and one retry. */
  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let signedIn = await this.fresh();
    try {
      return await this.send<T>(signedIn.server, method, path, body, signedIn.session.access_token);
    } catch (error) {
      if (!(error instanceof ExtensionError) || error.status !== 401) throw error;
      signedIn = await this.refresh(signedIn);
      return this.send<T>(signedIn.server, method, path, body, signedIn.session.access_token);
    }
  }

  findLink(url: string): Promise<Link | undefined> {
    return this.request<{ items: Link[] }>('GET', `/api/links?limit=1&url=${encodeURIComponent(url)}`).then(
      (page) => page.items[0],
    );
  }
  createLink(body: CreateLinkBody): Promise<Link> {
    return this.request('POST', '/api/links', body);
  }
  link(id: string): Promise<Link> {
    return this.request('GET', `/api/links/${encodeURIComponent(id)}`);
  }
  moveLink(id: string, folderId: string | null): Promise<Link> {
    return this.request('PATCH', `/api/links/${encodeURIComponent(id)}`, { folderId });
  }
  folders(): Promise<Folder[]> {
    return this.request<{ items: Folder[] }>('GET', '/api/folders').then((page) => page.items);
  }
  /** The newest 200 highlights of a page: more than anyone makes on one page. */
  snippetsOf(pageUrl: string): Promise<Snippet[]> {
    return this.request<{ items: Snippet[] }>(
      'GET',
      `/api/snippets?limit=200&pageUrl=${encodeURIComponent(pageUrl)}`,
    ).then((page) => page.items);
  }
  createSnippet(body: CreateSnippetBody): Promise<Snippet> {
    return this.request('POST', '/api/snippets', body);
  }
  /** Every page the user has highlights on, read a page of 200 snippets at a time. */
  async highlightedPageUrls(): Promise<string[]> {
    const urls = new Set<string>();
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page: { items: Snippet[]; nextCursor: string | null } = await this.request(
        'GET',
        `/api/snippets?limit=200${query}`,
      );
      for (const snippet of page.items) urls.add(snippet.pageUrl);
      cursor = page.nextCursor;
    } while (cursor);
    return [...urls];
  }

  private async fresh(): Promise<SignedIn> {
    const signedIn = await this.store.load();
    if (!signedIn) throw new ExtensionError(401, SIGNED_OUT, 'Sign in to Linkvault first.');
    const expiresIn = signedIn.session.expires_at - Date.now() / 1000;
    return expiresIn > REFRESH_MARGIN_SECONDS ? signedIn : this.refresh(signedIn);
  }

  /** One refresh at a time; a refused refresh token means the session is over (signed out here too). */
  private refresh(stale: SignedIn): Promise<SignedIn> {
    this.refreshing ??= (async () => {
      const latest = await this.store.load();
      // Another caller refreshed while this one waited: its tokens are the current ones.
      if (latest && latest.session.refresh_token !== stale.session.refresh_token) return latest;
      try {
        const session = await this.send<Session>(stale.server, 'POST', '/api/auth/refresh', {
          refresh_token: stale.session.refresh_token,
        });
        const signedIn = { server: stale.server, session };
        await this.store.save(signedIn);
        return signedIn;
      } catch (error) {
        if (error instanceof ExtensionError && error.status === 401) {
          await this.store.save(null);
          throw new ExtensionError(401, SIGNED_OUT, 'Your Linkvault session ended. Sign in again.');
        }
        throw error;
      }
    })().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async send<T>(
    server: string,
    method: string,
    path: string,
    body?: unknown,
    accessToken?: string,
  ): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (accessToken) headers.authorization = `Bearer ${accessToken}`;
    let res: Response;
    try {
      // No cookies: the extension authenticates with its own tokens only.
      res = await this.fetcher(`${server}${path}`, {
        method,
        headers,
        credentials: 'omit',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ExtensionError(0, OFFLINE, 'Linkvault cannot be reached right now.');
    }
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = (data as ApiError | null)?.error;
      throw new ExtensionError(
        res.status,
        error?.code ?? 'unknown',
        error?.message ?? `Request failed (${res.status})`,
        error?.details,
      );
    }
    return data as T;
  }
}
