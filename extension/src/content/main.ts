import { LIMITS } from '../../../contracts/constants.js';
import {
  type HighlightDraft,
  type PageHighlight,
  SIGNED_OUT,
  type TabMessage,
  callBackground,
} from '../shared/messages.js';
import { anchorSpan, describeSpan, positionOfSnippet } from '../../../ui/lib/text-quote.js';
import { drawHighlight } from './highlighter.js';
import { watchNotes } from './note-tip.js';
import { contextAround, spanOfRange } from '../../../ui/lib/highlights.js';
import { readPageText } from './page-text.js';
import { type SaveOutcome, Toolbar } from './toolbar.js';

/**
 * The content script, in every http(s) page's top frame: draws the page's saved highlights, and offers the
 * highlight toolbar on a selection (or from the context menu). It never sees the session: it asks the
 * background script, which answers only about this page.
 */

/** A highlight's quote must fit the API's positionData limit, escaped, with its prefix and suffix. */
const MAX_HIGHLIGHT_LENGTH = 8000;
const CONTEXT_LENGTH = 160;
/** Pages that render late (single-page apps) get this long for saved highlights to be found. */
const REDRAW_WINDOW_MS = 10_000;

const toolbar = new Toolbar();

/** Draws what it can find; returns the highlights whose text is not (yet) on the page. */
function drawAll(highlights: PageHighlight[]): PageHighlight[] {
  const missing: PageHighlight[] = [];
  for (const highlight of highlights) {
    const span = anchorSpan(readPageText().text, positionOfSnippet(highlight));
    if (span) drawHighlight(span, highlight.color, highlight.note);
    else missing.push(highlight);
  }
  return missing;
}

async function drawSavedHighlights(): Promise<void> {
  let missing = drawAll(await callBackground('pageHighlights'));
  if (missing.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const observer = new MutationObserver(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      observer.disconnect();
      missing = drawAll(missing);
      if (missing.length > 0) observer.observe(document.body, { childList: true, subtree: true });
    }, 300);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(() => observer.disconnect(), REDRAW_WINDOW_MS);
}

function currentSelection(): { range: Range; selectedText: string } | null {
  const selection = getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const range = selection.getRangeAt(0);
  const container = range.commonAncestorContainer;
  const element = container instanceof Element ? container : container.parentElement;
  if (
    toolbar.contains(container) ||
    element?.closest('input, textarea, [contenteditable]:not([contenteditable="false"])')
  ) {
    return null;
  }
  const selectedText = selection.toString().trim();
  return selectedText ? { range: range.cloneRange(), selectedText } : null;
}

function openToolbar(): void {
  const selected = currentSelection();
  if (!selected) return;
  const page = readPageText();
  const span = spanOfRange(page, selected.range);
  if (!span) return;
  const position = describeSpan(page.text, span);
  const context = contextAround(page, span, CONTEXT_LENGTH);
  toolbar.open(selected.range, async (color, note): Promise<SaveOutcome> => {
    if (span.end - span.start > MAX_HIGHLIGHT_LENGTH) {
      return {
        tone: 'error',
        message: `Highlights hold up to ${MAX_HIGHLIGHT_LENGTH.toLocaleString('en-US')} characters.`,
      };
    }
    const draft: HighlightDraft = {
      pageTitle: document.title.slice(0, LIMITS.title),
      selectedText: selected.selectedText.slice(0, LIMITS.selectedText),
      contextBefore: context.before,
      contextAfter: context.after,
      note,
      color,
      positionData: position,
    };
    try {
      const { state } = await callBackground('saveHighlight', draft);
      const found = anchorSpan(readPageText().text, position);
      if (found) drawHighlight(found, color, note);
      getSelection()?.removeAllRanges();
      return state === 'saved'
        ? { tone: 'success', message: 'Highlighted in Linkvault' }
        : { tone: 'pending', message: 'Saved offline. It will sync when you are back online.' };
    } catch (error) {
      const { code, message } = error as { code?: string; message: string };
      if (code === SIGNED_OUT) {
        return {
          tone: 'error',
          message: 'Sign in to Linkvault to highlight.',
          action: { label: 'Sign in', run: () => void callBackground('openOptions') },
        };
      }
      return { tone: 'error', message };
    }
  });
}

async function offerToolbar(): Promise<void> {
  if (!currentSelection()) return;
  if (await callBackground('canHighlight').catch(() => false)) openToolbar();
}

const loaded = globalThis as { linkvaultContentScript?: true };
if (!loaded.linkvaultContentScript) {
  loaded.linkvaultContentScript = true;
  // Only the person's own input opens the toolbar: a page's script could otherwise select text of its
  // choosing and dispatch these events itself.
  document.addEventListener('mouseup', (event) => {
    if (!event.isTrusted || toolbar.contains(event.target as Node)) return;
    // The selection settles after mouseup.
    setTimeout(() => void offerToolbar(), 0);
  });
  document.addEventListener('keyup', (event) => {
    if (event.isTrusted && event.shiftKey && !toolbar.contains(event.target as Node)) void offerToolbar();
  });
  document.addEventListener('mousedown', (event) => {
    if (event.isTrusted && toolbar.isOpen && !toolbar.contains(event.target as Node)) toolbar.close();
  });
  chrome.runtime.onMessage.addListener((message: TabMessage, sender, sendResponse) => {
    if (sender.id !== chrome.runtime.id || message.type !== 'open-highlighter') return false;
    openToolbar();
    sendResponse(null);
    return false;
  });
  watchNotes();
  void drawSavedHighlights().catch(() => undefined);
}
