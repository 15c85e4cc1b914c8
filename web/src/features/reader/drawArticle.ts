import type { Snippet } from '../../../../contracts/index.js';
import { readText, wrapSpan } from '../../../../ui/lib/highlights';
import { anchorSpan, positionOfSnippet } from '../../../../ui/lib/text-quote';

/** What of the article is not its text, for highlights (nothing runs in it: it was sanitized). */
export const NOT_ARTICLE_TEXT = 'script, style';

/**
 * Puts the kept article (sanitized by the server, server/enrich/sanitize.ts) into `root` and draws its
 * snippets on it, each found by its quote (ui/lib/text-quote.ts): snippets taken on the live page with the
 * extension appear here, and the reader's appear there.
 */
export function drawArticle(root: HTMLElement, html: string, snippets: readonly Snippet[]): void {
  root.innerHTML = html;
  const { text } = readText(root, NOT_ARTICLE_TEXT);
  for (const snippet of snippets) {
    const span = anchorSpan(text, positionOfSnippet(snippet));
    if (!span) continue;
    wrapSpan(readText(root, NOT_ARTICLE_TEXT), span, () => {
      const mark = document.createElement('mark');
      mark.dataset.snippet = snippet.id;
      mark.dataset.color = snippet.color;
      if (snippet.note) mark.title = snippet.note;
      return mark;
    });
  }
}
