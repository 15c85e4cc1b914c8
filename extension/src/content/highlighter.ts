import type { SnippetColor } from '../../../contracts/constants.js';
import type { TextSpan } from '../../../ui/lib/text-quote.js';
import { wrapSpan } from '../../../ui/lib/highlights.js';
import { rememberNote } from './note-tip.js';
import { HIGHLIGHT_TAG, readPageText } from './page-text.js';

/**
 * Draws a highlight in <linkvault-highlight> elements (styled by content.css, which the browser injects past
 * the page's Content-Security-Policy). The note stays out of the page, whose scripts could read it:
 * note-tip.ts shows it on hover.
 */
export function drawHighlight(span: TextSpan, color: SnippetColor, note: string | null): HTMLElement[] {
  const marks = wrapSpan(readPageText(), span, () => {
    const mark = document.createElement(HIGHLIGHT_TAG);
    mark.dataset.color = color;
    return mark;
  });
  rememberNote(marks, note);
  return marks;
}
