import type { ApiError as ApiErrorBody, Session } from '../../../contracts/index.js';

/** An error answer of the API (API.md "Conventions"), or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

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
   * each one sends the cookie the previous one set.
   */
  refresh(): Promise<Session | null> {
    this.refreshing ??= withLock('linkvault-refresh', async () => {
      const res = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
      const session = res.ok ? ((await res.json()) as Session) : null;
      this.setSession(session);
      return session;
    })
      .catch(() => this.session)
      .finally(() => {
        this.refreshing = null;
      });
    return this.refreshing;
  }

  async request<T>(method: string, path: string, body?: unknown, retried = false): Promise<T> {
    const headers: Record<string, string> = {};
    // Form fields (URLSearchParams) go form-encoded, fetch setting their content type; anything else as JSON.
    const form = body instanceof URLSearchParams;
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
      if (await this.refresh()) return this.request<T>(method, path, body, true);
    }
    if (res.status === 204) return undefined as T;
    const data: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const error = (data as ApiErrorBody | null)?.error;
      throw new ApiError(
        res.status,
        error?.code ?? 'unknown',
        error?.message ?? `Request failed (${res.status})`,
      );
    }
    return data as T;
  }

  get = <T>(path: string) => this.request<T>('GET', path);
  post = <T>(path: string, body?: unknown) => this.request<T>('POST', path, body ?? {});
  patch = <T>(path: string, body: unknown) => this.request<T>('PATCH', path, body);
  delete = (path: string) => this.request<void>('DELETE', path);
}

async function withLock<T>(name: string, task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request(name, task) as Promise<T>;
  }
  return task();
}

export const api = new ApiClient();
