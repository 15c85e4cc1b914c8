import { SESSION_HINT_COOKIE, SESSION_PROBE_HEADER } from '../../../contracts/constants.js';
import {
  type Answer,
  type CallInput,
  type Route,
  type Session,
  CallError,
  type Failure,
  answerOf,
  failureOf,
  requestOf,
  routes,
  settle,
} from '../../../contracts/index.js';

/** An error answer of the API (API.md "Conventions"), or a network failure (status 0). */
export class ApiError extends CallError {}

const apiError: Failure = (status, code, message, details) => new ApiError(status, code, message, details);

type SessionListener = (session: Session | null) => void;

/**
 * The one door to the API. The access token lives only in memory (API.md: the browser keeps the refresh
 * token in an httpOnly cookie); an answer of 401 triggers one refresh and one retry.
 */
class ApiClient {
  private session: Session | null = null;
  private refreshing: Promise<Session | null> | null = null;
  private readonly listeners = new Set<SessionListener>();

  get current(): Session | null {
    return this.session;
  }

  onSessionChange(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  setSession(session: Session | null): void {
    this.session = session;
    for (const listener of this.listeners) listener(session);
  }

  /**
   * Trades the refresh cookie for a new session. Refresh tokens rotate and a reused one revokes the
   * session, so refreshes are serialised within this tab (one promise) and across tabs (a Web Lock), and
   * each one sends the cookie the previous one set. The refresh cookie is httpOnly: the readable hint the
   * server keeps beside it says whether there is one to send. Without it nothing is asked, but once per
   * browser: one signed in before the hint existed holds only the refresh cookie. Each ask is a probe, which
   * the server answers 204 when there is no cookie, so a signed-out page logs no failed request.
   */
  refresh(): Promise<Session | null> {
    this.refreshing ??= withLock('linkvault-refresh', async () => {
      if (!hasCookie(SESSION_HINT_COOKIE) && askedBefore()) {
        this.setSession(null);
        return null;
      }
      localStorage.setItem(ASKED_KEY, '1');
      const res = await fetch(routes.refresh.path, {
        method: routes.refresh.method,
        credentials: 'same-origin',
        headers: { [SESSION_PROBE_HEADER]: '1' },
      });
      const session = res.ok
        ? answerOf(routes.refresh, res.status, await res.json().catch(() => null))
        : null;
      this.setSession(session);
      return session;
    })
      .catch(() => this.session)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  /**
   * One call of the API's route table (contracts/routes.ts): its answer parsed with the route's own schema.
   * An answer outside the contract is an ApiError like any failure, so that the screen says so.
   */
  async call<R extends Route>(
    route: R,
    ...[input]: object extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
  ): Promise<Answer<R>> {
    const { method, path, body } = requestOf(route, input ?? ({} as CallInput<R>));
    // A POST always carries a body: Fastify refuses an empty one sent as JSON.
    const res = await this.send(method, path, body ?? (method === 'POST' ? {} : undefined));
    const json: unknown = res.status === 204 ? null : await res.json().catch(() => null);
    return settle(
      route,
      res.status,
      json,
      apiError,
      'The server gave an answer this page does not understand. Reload it.',
    );
  }

  /**
   * A call sent as the page goes away (pagehide): the browser finishes it after the page is gone
   * (fetch keepalive), so nothing waits for its answer and an expired token is not refreshed.
   */
  sendAsLeaving<R extends Route>(route: R, input: CallInput<R>): void {
    const { method, path, body } = requestOf(route, input);
    void fetch(path, {
      method,
      keepalive: true,
      credentials: 'same-origin',
      headers: {
        'content-type': 'application/json',
        ...(this.session && { authorization: `Bearer ${this.session.access_token}` }),
      },
      body: JSON.stringify(body ?? {}),
    }).catch(() => undefined);
  }

  /**
   * A file answer (an export, a list of skipped entries) as a Blob, with the name its Content-Disposition
   * gives. Fetched like any call, with the in-memory token, since a plain link could not send it.
   */
  async download<R extends Route>(
    route: R,
    input: CallInput<R>,
  ): Promise<{ blob: Blob; fileName: string | null }> {
    const { method, path } = requestOf(route, input);
    const res = await this.send(method, path);
    return { blob: await res.blob(), fileName: attachmentName(res.headers.get('content-disposition')) };
  }

  /** Sends one call; an error answer (or no answer) throws ApiError, so callers only see successes. */
  private async send(method: string, path: string, body?: unknown, retried = false): Promise<Response> {
    const headers: Record<string, string> = {};
    // Forms (URLSearchParams, FormData for uploads) go as they are, fetch setting their content type
    // (and a FormData's boundary); anything else as JSON.
    const form = body instanceof URLSearchParams || body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    if (this.session) headers.authorization = `Bearer ${this.session.access_token}`;
    let res: Response;
    try {
      res = await fetch(path, {
        method,
        headers,
        credentials: 'same-origin',
        body: form ? body : body === undefined ? undefined : JSON.stringify(body),
      });
    } catch {
      throw new ApiError(0, 'network', 'Could not reach the server. Check your connection.');
    }
    if (res.status === 401 && this.session && !retried && !path.startsWith('/api/auth/')) {
      if (await this.refresh()) return this.send(method, path, body, true);
    }
    if (!res.ok) throw failureOf(res.status, await res.json().catch(() => null), apiError);
    return res;
  }
}

/** The file name of a `Content-Disposition: attachment; filename="…"` header (what the server sends). */
export function attachmentName(disposition: string | null): string | null {
  const name = /filename="([^"]+)"/i.exec(disposition ?? '')?.[1];
  return name?.trim() || null;
}

/** Set at this browser's first ask for a session; from then on the session hint alone decides. */
const ASKED_KEY = 'linkvault-session-asked';

function askedBefore(): boolean {
  return localStorage.getItem(ASKED_KEY) !== null;
}

function hasCookie(name: string): boolean {
  return document.cookie.split('; ').some((cookie) => cookie.startsWith(`${name}=`));
}

async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(name, task) as Promise<T>;
  }
  return task();
}

export const api = new ApiClient();
