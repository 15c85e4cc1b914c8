import { DEFAULT_SNIPPET_COLOR, type SnippetColor } from '../../../contracts/constants.js';
import type { Link, Snippet } from '../../../contracts/entities.js';
import { isHttpUrl, urlKey } from '../../../contracts/urls.js';
import { normaliseUrl } from '../../../ui/lib/format.js';
import {
  ExtensionError,
  type HighlightDraft,
  OFFLINE,
  type PageHighlight,
  SIGNED_OUT,
  type SaveResult,
  type Status,
} from '../shared/messages.js';
import { parsePosition } from '../../../ui/lib/text-quote.js';
import type { HighlightedPages, KeyValueStore } from './highlighted-pages.js';
import type { FailureVerdict, Library, Outbox, OutboxItem } from './outbox.js';
import type { LinkvaultServer, SignedIn } from './server.js';

/** What the extension does for the popup, the options page and the content scripts (shared/messages.ts). */
export class Capture {
  constructor(
    private readonly server: LinkvaultServer,
    private readonly outbox: Outbox,
    private readonly highlighted: HighlightedPages,
    private readonly settings: KeyValueStore,
    private readonly tabs: { get(tabId: number): Promise<{ url?: string; title?: string }> },
  ) {}

  async status(): Promise<Status> {
    const signedIn = await this.server.current();
    if (!signedIn) {
      const lastServer = (await this.settings.get('lastServer')) as string | undefined;
      return { signedIn: false, lastServer: lastServer ?? null };
    }
    const pending = await this.outbox.pending(accountOf(signedIn));
    return { signedIn: true, server: signedIn.server, user: signedIn.session.user, pending: pending.length };
  }

  async signIn(params: { server: string; email: string; password: string }): Promise<Status> {
    const server = serverAddress(params.server);
    await this.settings.set('lastServer', server);
    await this.server.signIn(server, params.email.trim(), params.password);
    void this.sync();
    return this.status();
  }

  async signOut(): Promise<Status> {
    await this.server.signOut();
    return this.status();
  }

  /**
   * One click: the tab's page is saved, or found already saved (then `copy` saves it again all the same);
   * without a connection, queued. A save that finds the page saved meanwhile (409) reports it as saved.
   */
  async savePage({ tabId, copy = false }: { tabId: number; copy?: boolean }): Promise<SaveResult> {
    const tab = await this.tabs.get(tabId);
    if (!tab.url || !isHttpUrl(tab.url)) return { state: 'unsupported' };
    const signedIn = await this.requireSignedIn();
    const body = { url: tab.url, title: tab.title?.trim() || null, ...(copy && { allowDuplicate: true }) };
    try {
      const existing = copy ? undefined : await this.server.findLink(body.url);
      const result: SaveResult = existing
        ? { state: 'already', link: existing }
        : { state: 'saved', link: await this.server.createLink(body) };
      void this.flush();
      return result;
    } catch (error) {
      const saved = alreadySavedLink(error);
      if (saved) return { state: 'already', link: saved };
      if (!isOffline(error)) throw error;
      await this.outbox.add({ account: accountOf(signedIn), kind: 'link', body });
      return { state: 'queued' };
    }
  }

  link({ id }: { id: string }) {
    return this.server.link(id);
  }

  folders() {
    return this.server.folders();
  }

  moveLink({ id, folderId }: { id: string; folderId: string | null }) {
    return this.server.moveLink(id, folderId);
  }

  async syncNow(): Promise<Status> {
    await this.flush();
    return this.status();
  }

  /** Highlights of `pageUrl`: the saved ones (asked of the server only for pages known to have some) and the queued ones. */
  async pageHighlights(pageUrl: string): Promise<PageHighlight[]> {
    const signedIn = await this.server.current();
    if (!signedIn) return [];
    const account = accountOf(signedIn);
    if (await this.highlighted.isStale(account)) void this.sync();
    const key = urlKey(pageUrl);
    const queued = (await this.outbox.pending(account)).flatMap((item) =>
      item.kind === 'snippet' && urlKey(item.body.pageUrl) === key ? [highlightOf(item.body)] : [],
    );
    if (!(await this.highlighted.has(account, pageUrl))) return queued;
    try {
      const saved = await this.server.snippetsOf(pageUrl);
      void this.flush();
      return [...saved.map(highlightOf), ...queued];
    } catch (error) {
      if (isOffline(error)) return queued;
      throw error;
    }
  }

  async saveHighlight(pageUrl: string, draft: HighlightDraft): Promise<{ state: 'saved' | 'queued' }> {
    if (!isHttpUrl(pageUrl))
      throw new ExtensionError(400, 'validation_failed', 'This page cannot be highlighted.');
    const signedIn = await this.requireSignedIn();
    const account = accountOf(signedIn);
    const body = { ...draft, pageUrl };
    await this.highlighted.add(account, pageUrl);
    try {
      await this.server.createSnippet(body);
      void this.flush();
      return { state: 'saved' };
    } catch (error) {
      if (!isOffline(error)) throw error;
      await this.outbox.add({ account, kind: 'snippet', body });
      return { state: 'queued' };
    }
  }

  /** Sends what waits in the outbox; called on alarms, at start-up and after any request that got through. */
  async flush(): Promise<void> {
    const signedIn = await this.server.current();
    if (!signedIn) return;
    const result = await this.outbox.flush(accountOf(signedIn), this.library());
    for (const { item, error } of result.rejected) {
      console.warn('Linkvault refused a queued save; it is dropped', item, error);
    }
  }

  /** Rebuilds the list of highlighted pages from the server. */
  async sync(): Promise<void> {
    const signedIn = await this.server.current();
    if (!signedIn) return;
    try {
      await this.highlighted.replace(accountOf(signedIn), await this.server.highlightedPageUrls());
    } catch (error) {
      if (!isOffline(error)) console.warn('Linkvault: could not list highlighted pages', error);
    }
  }

  private library(): Library {
    return {
      has: async (item: OutboxItem) => {
        if (item.kind === 'link') return (await this.server.findLink(item.body.url)) !== undefined;
        const body = item.body;
        return (await this.server.snippetsOf(body.pageUrl)).some((saved) => sameHighlight(saved, body));
      },
      save: async (item: OutboxItem) => {
        if (item.kind === 'link') await this.server.createLink(item.body);
        else await this.server.createSnippet(item.body);
      },
    };
  }

  private async requireSignedIn(): Promise<SignedIn> {
    const signedIn = await this.server.current();
    if (!signedIn) throw new ExtensionError(401, SIGNED_OUT, 'Sign in to Linkvault first.');
    return signedIn;
  }
}

/** Queued items belong to the account they were made with, never sent as anyone else. */
const accountOf = (signedIn: SignedIn) => `${signedIn.server} ${signedIn.session.user.id}`;

const isOffline = (error: unknown) => error instanceof ExtensionError && error.code === OFFLINE;

/**
 * Offline, signed out for now, rate limited or a server error: try again later. The page already saved
 * (409, API.md "Normalized URL"): done, what the item wanted is there. Any other refusal is final.
 */
export function judgeFailure(error: unknown): FailureVerdict {
  if (!(error instanceof ExtensionError)) return 'retry';
  if (error.code === OFFLINE || error.status === 401 || error.status === 429 || error.status >= 500)
    return 'retry';
  if (alreadySavedLink(error)) return 'done';
  return 'reject';
}

/** The link a 409 `conflict` names as already saved for the page, or null. */
function alreadySavedLink(error: unknown): Link | null {
  if (!(error instanceof ExtensionError) || error.status !== 409 || error.code !== 'conflict') return null;
  return (error.details as { link?: Link } | undefined)?.link ?? null;
}

/** The server's base address as typed by the user: scheme, host and any path prefix, no trailing slash. */
export function serverAddress(typed: string): string {
  const address = normaliseUrl(typed, isHttpUrl);
  if (!address) {
    throw new ExtensionError(
      400,
      'validation_failed',
      'Enter the address of your Linkvault, e.g. https://vault.example.com',
    );
  }
  const url = new URL(address);
  // The password and the tokens travel to this address: in the clear only to this computer.
  if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new ExtensionError(
      400,
      'validation_failed',
      'Use an https:// address: over plain http your password and session would travel unencrypted. ' +
        '(http is accepted only for a Linkvault on this computer: localhost, 127.0.0.1 or [::1].)',
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function highlightOf(snippet: {
  color?: SnippetColor | undefined;
  note?: string | null | undefined;
  selectedText: string;
  positionData?: unknown;
}): PageHighlight {
  return {
    color: snippet.color ?? DEFAULT_SNIPPET_COLOR,
    note: snippet.note ?? null,
    selectedText: snippet.selectedText,
    positionData: snippet.positionData ?? null,
  };
}

/** The same text at the same place of the same page: a queued highlight the server already holds. */
function sameHighlight(saved: Snippet, queued: { selectedText: string; positionData?: unknown }): boolean {
  if (saved.selectedText !== queued.selectedText) return false;
  const [a, b] = [parsePosition(saved.positionData), parsePosition(queued.positionData)];
  return a?.selector[1].start === b?.selector[1].start && a?.selector[1].end === b?.selector[1].end;
}
