import type { TextSpan } from '../shared/text-quote.js';

/**
 * The page's text as highlights address it: its text nodes in document order, joined. Text that is not
 * read as part of the page (scripts, styles, form fields) and the extension's own toolbar are left out.
 */

export const TOOLBAR_TAG = 'linkvault-toolbar';
export const HIGHLIGHT_TAG = 'linkvault-highlight';
/** A saved highlight's note, shown on hover (content/note-tip.ts). */
export const NOTE_TAG = 'linkvault-note';
const NOT_PAGE_TEXT = `script, style, noscript, template, textarea, select, ${TOOLBAR_TAG}`;

export interface PageText {
  text: string;
  nodes: Text[];
  /** Where each node's text begins in `text`. */
  starts: number[];
}

export function readPageText(root: Node = document.body): PageText {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(NOT_PAGE_TEXT) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  const starts: number[] = [];
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    nodes.push(node as Text);
    starts.push(text.length);
    text += (node as Text).data;
  }
  return { text, nodes, starts };
}

/** The span of page text a selected range covers, without surrounding white space; null when it covers none. */
export function spanOfRange(page: PageText, range: Range): TextSpan | null {
  let start = -1;
  let end = -1;
  page.nodes.forEach((node, i) => {
    if (!range.intersectsNode(node)) return;
    const from = page.starts[i]!;
    if (start === -1) start = from + (node === range.startContainer ? range.startOffset : 0);
    end = from + (node === range.endContainer ? range.endOffset : node.length);
  });
  while (start < end && /\s/.test(page.text[start]!)) start += 1;
  while (end > start && /\s/.test(page.text[end - 1]!)) end -= 1;
  return start >= 0 && end > start ? { start, end } : null;
}

/** Up to `length` characters of page text before or after a span, white space collapsed, cut at a word. */
export function contextAround(
  page: PageText,
  span: TextSpan,
  length: number,
): { before: string; after: string } {
  const collapse = (value: string) => value.replace(/\s+/g, ' ');
  const before = collapse(page.text.slice(Math.max(0, span.start - length), span.start));
  const after = collapse(page.text.slice(span.end, span.end + length));
  return {
    before: (span.start > length ? before.replace(/^\S*\s/, '') : before).trim(),
    after: (page.text.length - span.end > length ? after.replace(/\s\S*$/, '') : after).trim(),
  };
}
