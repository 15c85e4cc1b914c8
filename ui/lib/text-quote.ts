/**
 * Where a highlight sits in a page's text, as W3C Web Annotation selectors (https://www.w3.org/TR/annotation-model/#selectors):
 * a TextQuoteSelector (the exact text with a little before and after) and a TextPositionSelector (character
 * offsets). Offsets count the characters of the page's text nodes in document order, the same text a
 * reload produces, so the position usually finds the highlight at once; when the page has changed, the
 * quote finds it again and its prefix and suffix choose between repeated occurrences.
 */

export type TextQuoteSelector = {
  type: 'TextQuoteSelector';
  exact: string;
  prefix: string;
  suffix: string;
};

export type TextPositionSelector = {
  type: 'TextPositionSelector';
  start: number;
  end: number;
};

/** A snippet's positionData: the selectors of one highlight (type aliases, so it is JSON to the contracts). */
export type HighlightPosition = {
  selector: [TextQuoteSelector, TextPositionSelector];
};

export interface TextSpan {
  start: number;
  end: number;
}

/** As much as Hypothesis keeps: enough to tell repeated phrases apart, small enough to survive edits nearby. */
const AFFIX_LENGTH = 32;

export function describeSpan(text: string, { start, end }: TextSpan): HighlightPosition {
  return {
    selector: [
      {
        type: 'TextQuoteSelector',
        exact: text.slice(start, end),
        prefix: text.slice(Math.max(0, start - AFFIX_LENGTH), start),
        suffix: text.slice(end, end + AFFIX_LENGTH),
      },
      { type: 'TextPositionSelector', start, end },
    ],
  };
}

/** The span of `text` the selectors point at, or null when the quoted text is no longer there. */
export function anchorSpan(text: string, position: HighlightPosition): TextSpan | null {
  const [quote, place] = position.selector;
  if (!quote.exact) return null;
  if (text.slice(place.start, place.end) === quote.exact) return { start: place.start, end: place.end };
  let best: { start: number; score: number; distance: number } | null = null;
  for (let at = text.indexOf(quote.exact); at !== -1; at = text.indexOf(quote.exact, at + 1)) {
    const score =
      sharedSuffixLength(text.slice(Math.max(0, at - quote.prefix.length), at), quote.prefix) +
      sharedPrefixLength(text.slice(at + quote.exact.length), quote.suffix);
    const distance = Math.abs(at - place.start);
    if (!best || score > best.score || (score === best.score && distance < best.distance)) {
      best = { start: at, score, distance };
    }
  }
  return best && { start: best.start, end: best.start + quote.exact.length };
}

/** Reads positionData sent back by the server, which may have been written by another client. */
export function parsePosition(value: unknown): HighlightPosition | null {
  const selectors = (value as { selector?: unknown } | null)?.selector;
  if (!Array.isArray(selectors)) return null;
  const quote = selectors.find(
    (s): s is TextQuoteSelector =>
      (s as TextQuoteSelector)?.type === 'TextQuoteSelector' &&
      typeof (s as TextQuoteSelector).exact === 'string',
  );
  if (!quote) return null;
  const place = selectors.find(
    (s): s is TextPositionSelector =>
      (s as TextPositionSelector)?.type === 'TextPositionSelector' &&
      Number.isInteger((s as TextPositionSelector).start) &&
      Number.isInteger((s as TextPositionSelector).end),
  ) ?? { type: 'TextPositionSelector', start: -1, end: -1 };
  return {
    selector: [
      {
        type: 'TextQuoteSelector',
        exact: quote.exact,
        prefix: quote.prefix ?? '',
        suffix: quote.suffix ?? '',
      },
      place,
    ],
  };
}

/** A snippet's selectors; snippets saved without them (the bookmarklet) are looked for by their text alone. */
export function positionOfSnippet(snippet: {
  positionData: unknown;
  selectedText: string;
}): HighlightPosition {
  return (
    parsePosition(snippet.positionData) ?? {
      selector: [
        { type: 'TextQuoteSelector', exact: snippet.selectedText, prefix: '', suffix: '' },
        { type: 'TextPositionSelector', start: -1, end: -1 },
      ],
    }
  );
}

function sharedPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

function sharedSuffixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n += 1;
  return n;
}
