import { collapseWhitespace } from '../lib/text.js';

/**
 * The main text of an article as the blocks a reader sees: paragraphs, list items, quotes,
 * headings, table cells, captions, code, and text set loose in a container, each block on its own, so a
 * heading never runs into the sentence after it. Summaries read the prose; the whole text (search, a
 * language model) reads every block.
 */
export type BlockKind = 'prose' | 'heading' | 'cell' | 'code';

export interface TextBlock {
  kind: BlockKind;
  text: string;
}

/** The part of linkedom's DOM the walk reads (the server is compiled without the browser's DOM types). */
export interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  childNodes: ArrayLike<DomNode>;
}

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** Elements that start a block of their own (HTML's block-level and table elements). */
const BLOCK_ELEMENTS = new Set(
  (
    'address article aside blockquote caption center dd details dialog div dl dt fieldset figcaption figure ' +
    'footer form h1 h2 h3 h4 h5 h6 header hgroup hr legend li main menu nav ol p pre section summary table ' +
    'tbody td tfoot th thead tr ul'
  ).split(' '),
);
/** Never text a reader sees. */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'noscript', 'template', 'svg', 'head', 'title']);

const KIND_OF: Record<string, BlockKind> = {
  h1: 'heading',
  h2: 'heading',
  h3: 'heading',
  h4: 'heading',
  h5: 'heading',
  h6: 'heading',
  td: 'cell',
  th: 'cell',
  pre: 'code',
};

/** Characters that code is full of and prose uses rarely. */
const CODE_SIGNS = /[{}();=<>[\]$#*\\|&_^~`]/g;

/**
 * Preformatted text that is prose with hard line breaks (an RFC, a plain-text mail or notice): many
 * sentences, few code signs. Summaries and tags read it as paragraphs.
 */
function readsAsProse(text: string): boolean {
  const sentenceEnds = text.match(/\p{L}{2}[.!?]["')\]]?\s/gu)?.length ?? 0;
  const codeSigns = text.match(CODE_SIGNS)?.length ?? 0;
  return sentenceEnds >= MIN_PROSE_SENTENCES && codeSigns < text.length * MAX_CODE_SIGN_SHARE;
}
const MIN_PROSE_SENTENCES = 5;
const MAX_CODE_SIGN_SHARE = 0.02;

export function textBlocks(root: DomNode): TextBlock[] {
  const blocks: TextBlock[] = [];
  let buffer = '';
  const flush = (kind: BlockKind) => {
    if (kind === 'code' && readsAsProse(buffer)) {
      for (const paragraph of buffer.split(/\n\s*\n/)) push('prose', paragraph);
    } else {
      push(kind, buffer);
    }
    buffer = '';
  };
  const push = (kind: BlockKind, raw: string) => {
    const text = collapseWhitespace(raw);
    if (text) blocks.push({ kind, text });
  };
  // Depth-first with an explicit stack: a page of 100,000 nested elements must not overflow the call stack.
  const stack: { node: DomNode; kind: BlockKind; next: number }[] = [{ node: root, kind: 'prose', next: 0 }];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as (typeof stack)[number];
    const child = frame.node.childNodes[frame.next];
    if (!child) {
      stack.pop();
      if (BLOCK_ELEMENTS.has(frame.node.nodeName.toLowerCase())) flush(frame.kind);
      continue;
    }
    frame.next += 1;
    if (child.nodeType === TEXT_NODE) {
      buffer += child.textContent ?? '';
      continue;
    }
    if (child.nodeType !== ELEMENT_NODE) continue;
    const name = child.nodeName.toLowerCase();
    if (HIDDEN_ELEMENTS.has(name)) continue;
    if (name === 'br') {
      buffer += ' ';
      continue;
    }
    if (BLOCK_ELEMENTS.has(name)) flush(frame.kind);
    stack.push({
      node: child,
      kind: KIND_OF[name] ?? (BLOCK_ELEMENTS.has(name) ? 'prose' : frame.kind),
      next: 0,
    });
  }
  flush('prose');
  return blocks;
}
