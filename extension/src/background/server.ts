import {
  type Answer,
  type CallInput,
  type CreateLinkBody,
  type CreateSnippetBody,
  type Folder,
  type Link,
  type Route,
  type Session,
  type Snippet,
  requestOf,
  routes,
  settle,
} from '../../../contracts/index.js';
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
    const session = await this.send(server, routes.login, { body: { email, password } });
    const signedIn = { server, session };
    await this.store.save(signedIn);
    return signedIn;
  }

  /** Revokes the session on the server when it can be reached; forgets it here in any case. */
  async signOut(): Promise<void> {
    const current = await this.store.load();
    await this.store.save(null);
    if (!current) return;
    await this.send(current.server, routes.logout, {
      body: { refresh_token: current.session.refresh_token },
    }).catch(() => undefined);
  }

  /** A call as the signed-in user; a 401 is answered by one refresh and one retry. */
  async call<R extends Route>(route: R, input: CallInput<R>): Promise<Answer<R>> {
    let signedIn = await this.fresh();
    try {
      return await this.send(signedIn.server, route, input, signedIn.session.access_token);
    } catch (error) {
      if (!(error instanceof ExtensionError) || error.status !== 401) throw error;
      signedIn = await this.refresh(signedIn);
      return this.send(signedIn.server, route, input, signedIn.session.access_token);
    }
  }

  async findLink(url: string): Promise<Link | undefined> {
    return (await this.call(routes.listLinks, { query: { limit: 1, url } })).items[0];
  }
  createLink(body: CreateLinkBody): Promise<Link> {
    return this.call(routes.createLink, { body });
  }
  link(id: string): Promise<Link> {
    return this.call(routes.getLink, { params: { id } });
  }
  moveLink(id: string, folderId: string | null): Promise<Link> {
    return this.call(routes.updateLink, { params: { id }, body: { folderId } });
  }
  async folders(): Promise<Folder[]> {
    return (await this.call(routes.listFolders, {})).items;
  }
  /** The newest 200 highlights of a page: more than anyone makes on one page. */
  async snippetsOf(pageUrl: string): Promise<Snippet[]> {
    return (await this.call(routes.listSnippets, { query: { limit: 200, pageUrl } })).items;
  }
  createSnippet(body: CreateSnippetBody): Promise<Snippet> {
    return this.call(routes.createSnippet, { body });
  }
  /** Every page the user has highlights on, read a page of 200 snippets at a time. */
  async highlightedPageUrls(): Promise<string[]> {
    const urls = new Set<string>();
    let cursor: string | null = null;
    do {
      const page: Answer<typeof routes.listSnippets> = await this.call(routes.listSnippets, {
        query: { limit: 200, ...(cursor && { cursor }) },
      });
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
        const session = await this.send(stale.server, routes.refresh, {
          body: { refresh_token: stale.session.refresh_token },
        });
        // A refresh token in the body always gets a session or an error; 204 answers only the browser's probe.
        if (!session)
          throw new ExtensionError(401, SIGNED_OUT, 'Your Linkvault session ended. Sign in again.');
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

  private async send<R extends Route>(
    server: string,
    route: R,
    input: CallInput<R>,
    accessToken?: string,
  ): Promise<Answer<R>> {
    const { method, path, body } = requestOf(route, input);
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
    const data: unknown = res.status === 204 ? null : await res.json().catch(() => null);
    return settle(
      route,
      res.status,
      data,
      (status, code, message, details) => new ExtensionError(status, code, message, details),
      'This Linkvault server answered in a way the extension does not understand.',
    );
  }
}
