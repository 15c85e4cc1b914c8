import type { TextSpan } from './text-quote.js';

/**
 * Highlights drawn on text in a browser: on a live page by the extension's content script, and on a kept
 * article by the reader view. Both address text the same way (text-quote.ts): the text nodes under a root
 * in document order, joined, leaving out the elements `skip` names. So a highlight made in one is found
 * by its quote in the other.
 */

export interface PageText {
  text: string;
  nodes: Text[];
  /** Where each node's text begins in `text`. */
  starts: number[];
}

export function readText(root: Node, skip: string): PageText {
  const walker = root.ownerDocument!.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(skip) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
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

/** The span of text a selected range covers, without surrounding white space; null when it covers none. */
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

/** Up to `length` characters of text before or after a span, white space collapsed, cut at a word. */
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

/**
 * Draws a highlight by wrapping the span's text in elements `mark` makes. The text stays the same, so the
 * offsets of other highlights stay valid.
 */
export function wrapSpan(page: PageText, span: TextSpan, mark: () => HTMLElement): HTMLElement[] {
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
    const element = mark();
    node.replaceWith(element);
    element.append(node);
    marks.push(element);
  });
  return marks;
}
