/**
 * Walking the segments of V8's Intl.Segmenter takes time quadratic in the length of the text segmented: a
 * 126,000-character paragraph took 1.7 s to split into words where its sentences one by one took 27 ms,
 * and a page of one long paragraph ran past the analysis time limit. Long texts are therefore segmented
 * in pieces of bounded length, cut where the segmentation would break anyway.
 */
const PIECE_CHARS = 1_000;

/** Where a piece may end: after a sentence's end, else after white space. */
export const SENTENCE_END = /[.!?]["'”’)\]]*\s+|[。！？]/g;
export const WHITE_SPACE = /\s+/g;

/** The segments of `text`, from pieces that end after the last `breakAfter` (or white space) within reach. */
export function* segmentInPieces(
  segmenter: Intl.Segmenter,
  text: string,
  breakAfter: RegExp,
): Generator<Intl.SegmentData> {
  let start = 0;
  while (start < text.length) {
    const end = pieceEnd(text, start, breakAfter);
    yield* segmenter.segment(text.slice(start, end));
    start = end;
  }
}

function pieceEnd(text: string, start: number, breakAfter: RegExp): number {
  const limit = start + PIECE_CHARS;
  if (limit >= text.length) return text.length;
  const window = text.slice(start, limit);
  const cut = lastMatchEnd(window, breakAfter) || lastMatchEnd(window, WHITE_SPACE);
  if (cut > 0) return start + cut;
  // Text without spaces (Chinese, Japanese) is cut at the limit, never inside a surrogate pair.
  return /[\uD800-\uDBFF]/.test(text[limit - 1] ?? '') ? limit - 1 : limit;
}

function lastMatchEnd(window: string, pattern: RegExp): number {
  let end = 0;
  for (const match of window.matchAll(pattern)) end = match.index + match[0].length;
  return end;
}
