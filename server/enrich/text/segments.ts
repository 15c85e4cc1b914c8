/**
 * Walking the segments of V8's Intl.Segmenter takes time quadratic in the length of the text segmented: a
 * 126,000-character paragraph took 1.7 s to split into words where its sentences one by one took 27 ms,
 * and a page of one long paragraph ran past the analysis time limit. Long texts are therefore segmented
 * in pieces of bounded length, cut where the segmentation would break anyway.
 */
const PIECE_CHARS = 1_000;

/**
 * Where a piece may end. For sentences: where ICU ends one (Unicode's sentence rules),
 * after a full stop, question or exclamation mark with the quotes and brackets that follow it (opening
 * ones included, as ICU counts them), and after white space where the mark is Latin. For words: after
 * white space. Internal, and only used through matchAll (which copies them): a global pattern carries its
 * lastIndex from one use to the next.
 */
const SENTENCE_END = /[.!?][\p{Ps}\p{Pe}\p{Pi}\p{Pf}"']*\s+|[。！？][\p{Ps}\p{Pe}\p{Pi}\p{Pf}"']*\s*/gu;
const WHITE_SPACE = /\s+/g;
const SPACE = /\s/;

/** How far back a cut looks for the start of a character when a piece holds no break. */
const GRAPHEME_REACH = 32;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * A segment as found in its piece: `index` and `input` would refer to the piece, not the text, so they
 * are left out of the type.
 */
export type Segment = Pick<Intl.SegmentData, 'segment' | 'isWordLike'>;

/** The words (and what lies between them) of `text`, as one pass of `segmenter` would give them. */
export const wordSegments = (segmenter: Intl.Segmenter, text: string) =>
  segmentInPieces(segmenter, text, WHITE_SPACE);

/** The sentences of `text`, as one pass of `segmenter` would give them. */
export const sentenceSegments = (segmenter: Intl.Segmenter, text: string) =>
  segmentInPieces(segmenter, text, SENTENCE_END);

function* segmentInPieces(segmenter: Intl.Segmenter, text: string, breakAfter: RegExp): Generator<Segment> {
  for (const piece of pieces(text, breakAfter)) yield* segmenter.segment(piece.text);
}

/**
 * `text` in the pieces wordSegments splits it into (or in smaller ones, of up to `size` characters), each
 * with where it starts: a word of spaced text never spans two, so a search may skip the pieces that cannot
 * hold what it looks for.
 */
export const wordPieces = (text: string, size = PIECE_CHARS) => pieces(text, WHITE_SPACE, size);

function* pieces(
  text: string,
  breakAfter: RegExp,
  size = PIECE_CHARS,
): Generator<{ text: string; start: number }> {
  let start = 0;
  while (start < text.length) {
    const end = pieceEnd(text, start, breakAfter, size);
    yield { text: text.slice(start, end), start };
    start = end;
  }
}

function pieceEnd(text: string, start: number, breakAfter: RegExp, size: number): number {
  const limit = start + size;
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  const cut = (breakAfter === WHITE_SPACE ? 0 : lastMatchEnd(window, breakAfter)) || afterLastSpace(window);
  return cut > 0 ? start + cut : lastCharacterStart(text, limit);
}

function lastMatchEnd(window: string, pattern: RegExp): number {
  let end = 0;
  for (const match of window.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}

/**
 * Where the last white space of `window` ends, 0 when it has none: lastMatchEnd(window, WHITE_SPACE), found
 * from the end, a few characters read instead of every space.
 */
export function afterLastSpace(window: string): number {
  for (let at = window.length; at > 0; at -= 1) if (SPACE.test(window[at - 1] ?? '')) return at;
  return 0;
}

/**
 * Text without spaces (Chinese, Japanese, Thai) is cut near the limit, where a character (a grapheme:
 * a surrogate pair, a letter with its combining marks, a flag) starts.
 */
function lastCharacterStart(text: string, limit: number): number {
  const from = limit - GRAPHEME_REACH;
  let cut = limit;
  for (const { index } of graphemes.segment(text.slice(from, limit + GRAPHEME_REACH))) {
    if (index > GRAPHEME_REACH) break;
    if (index > 0) cut = from + index;
  }
  return cut;
}
