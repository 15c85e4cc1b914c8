import type { SnippetColor } from '../../../contracts/constants.js';
import type { TextSpan } from '../shared/text-quote.js';
import { rememberNote } from './note-tip.js';
import { HIGHLIGHT_TAG, readPageText } from './page-text.js';

/**
 * Draws a highlight by wrapping the span's text in <linkvault-highlight> elements (styled by content.css,
 * which the browser injects past the page's Content-Security-Policy). The page's text stays the same, so
 * the offsets of other highlights stay valid. The note stays out of the page, whose scripts could read it:
 * note-tip.ts shows it on hover.
 */
export function drawHighlight(span: TextSpan, color: SnippetColor, note: string | null): HTMLElement[] {
  const page = readPageText();
  const marks: HTMLElement[] = [];
  page.nodes.forEach((original, i) => {
    const nodeStart = page.starts[i]!;
    const from = Math.max(span.start, nodeStart) - nodeStart;
    const to = Math.min(span.end, nodeStart + original.length) - nodeStart;
    if (from >= to) return;
    let node = original;
    if (to < node.length) node.splitText(to);
    if (from > 0) node = node.splitText(from);
    // White space between block elements (a list's or a table's line breaks) is not wrapped: an inline
    // element there could change the layout.
    if (!node.data.trim()) return;
    const mark = document.createElement(HIGHLIGHT_TAG);
    mark.dataset.color = color;
    node.replaceWith(mark);
    mark.append(node);
    marks.push(mark);
  });
  rememberNote(marks, note);
  return marks;
}
