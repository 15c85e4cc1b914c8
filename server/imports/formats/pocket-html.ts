import { anchorItem, readTokens, type Anchor, type HtmlToken, type TokenReader } from './html-tokens.js';
import { capped } from './text.js';
import type { FormatReader, ImportItem, ReadingState } from './types.js';

/**
 * Pocket's legacy export, ril_export.html: under an <h1> "Unread" or "Read Archive", a <ul> of
 * <li><a href time_added tags="a,b">title</a>. It has no folders.
 */
export const pocketHtml: FormatReader = {
  name: 'pocket-html',
  detect: (_source, head) => Promise.resolve(looksLikePocketHtml(head.text)),
  read: (source) => readTokens(source, KEPT_ATTRIBUTES, new PocketHtmlReader()),
};

function looksLikePocketHtml(text: string): boolean {
  return (
    /^\s*</.test(text) &&
    (/<title>\s*Pocket Export\s*<\/title>/i.test(text) ||
      /<li>\s*<a\s[^>]{0,2000}?\btime_added\s*=/i.test(text))
  );
}

const KEPT_ATTRIBUTES = new Set(['href', 'time_added', 'tags']);

class PocketHtmlReader implements TokenReader {
  private state: ReadingState | undefined;
  private heading: string | null = null;
  private entry: Anchor | null = null;

  *take(token: HtmlToken): Generator<ImportItem> {
    if (token.kind === 'text') {
      if (this.entry) this.entry.text = capped(this.entry.text, token.text);
      else if (this.heading !== null) this.heading = capped(this.heading, token.text);
    } else if (token.kind === 'open') {
      // A new entry or heading ends the one before, closed or not.
      if (token.name === 'a' || token.name === 'li' || token.name === 'h1') yield* this.finish();
      if (token.name === 'a') this.entry = { line: token.line, attributes: token.attributes, text: '' };
      if (token.name === 'h1') this.heading = '';
    } else if (token.name === 'a') {
      yield* this.finish();
    } else if (token.name === 'h1' && this.heading !== null) {
      this.state = /archive/i.test(this.heading) ? 'archived' : 'unread';
      this.heading = null;
    }
  }

  *finish(): Generator<ImportItem> {
    if (!this.entry) return;
    yield anchorItem(this.entry, 'time_added', this.state && { state: this.state });
    this.entry = null;
  }
}
