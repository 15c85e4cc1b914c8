import type { SnippetColor } from '../../../contracts/constants.js';
import type { Folder, Link, User } from '../../../contracts/entities.js';
import type { HighlightPosition } from '../../../ui/lib/text-quote.js';
import { CallError } from '../../../contracts/call-error.js';

/**
 * The background script is the only part of the extension that holds the session and talks to the server.
 * The popup, the options page and the content scripts ask it through runtime messages, typed here. A
 * content script runs inside web pages, so it may only ask about the page it runs in (the background
 * reads that page from the message's sender, never from the message).
 */

export type Status =
  | { signedIn: false; lastServer: string | null }
  | { signedIn: true; server: string; user: User; pending: number };

export type SaveResult =
  { state: 'saved' | 'already'; link: Link } | { state: 'queued' } | { state: 'unsupported' };

export interface HighlightDraft {
  pageTitle: string;
  selectedText: string;
  contextBefore: string;
  contextAfter: string;
  note: string | null;
  color: SnippetColor;
  positionData: HighlightPosition;
}

export interface PageHighlight {
  color: SnippetColor;
  note: string | null;
  selectedText: string;
  positionData: unknown;
}

export interface BackgroundApi {
  status(): Status;
  signIn(params: { server: string; email: string; password: string }): Status;
  signOut(): Status;
  /** `copy`: save the page again even though it is already saved (API.md "Normalized URL"). */
  savePage(params: { tabId: number; copy?: boolean }): SaveResult;
  link(params: { id: string }): Link;
  folders(): Folder[];
  moveLink(params: { id: string; folderId: string | null }): Link;
  syncNow(): Status;
  /** Content scripts: whether a selection should offer the highlight toolbar (signed in or not). */
  canHighlight(): boolean;
  /** Content scripts: the highlights of the page the script runs in. */
  pageHighlights(): PageHighlight[];
  /** Content scripts: saves a highlight of the page the script runs in. */
  saveHighlight(params: HighlightDraft): { state: 'saved' | 'queued' };
  openOptions(): null;
}

export type Method = keyof BackgroundApi;
export type ParamsOf<M extends Method> = Parameters<BackgroundApi[M]> extends [infer P] ? P : undefined;
export type ValueOf<M extends Method> = ReturnType<BackgroundApi[M]>;

export interface Call<M extends Method = Method> {
  method: M;
  params: ParamsOf<M>;
}

/** Errors cross the message channel as data: `code` is the API's error code, or offline / signed_out. */
export interface ErrorData {
  status: number;
  code: string;
  message: string;
}
export type Reply<V> = { ok: true; value: V } | { ok: false; error: ErrorData };

/** A failed call or step; its `details` (the saved link of a 409) stay in the background, not sent across. */
export class ExtensionError extends CallError {
  toData(): ErrorData {
    return { status: this.status, code: this.code, message: this.message };
  }
}

export const OFFLINE = 'offline';
export const SIGNED_OUT = 'signed_out';

/** Messages the background sends to a tab's content script. */
export type TabMessage = { type: 'open-highlighter' };

export async function callBackground<M extends Method>(
  method: M,
  ...params: ParamsOf<M> extends undefined ? [] : [ParamsOf<M>]
): Promise<ValueOf<M>> {
  const call = { method, params: params[0] } as Call<M>;
  const reply = await chrome.runtime.sendMessage<Call, Reply<ValueOf<M>> | undefined>(call);
  if (!reply) throw new ExtensionError(0, 'no_answer', 'The extension did not answer. Try again.');
  if (!reply.ok) throw new ExtensionError(reply.error.status, reply.error.code, reply.error.message);
  return reply.value;
}
